import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { availabilityQuerySchema, CALENDAR_IMPORT_MAX_BYTES, calendarImportFieldsSchema } from '../../shared/contracts/availability';
import { createBlackoutBodySchema } from '../../shared/contracts/marketplace';
import { AppError } from '../core/http/app-error';
import { DEFAULT_UPLOADS_PER_USER, limiter } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import * as availability from './availability.service';
import type { AvailabilityDeps } from './availability.service';
import { calendarFeed, calendarFeedLink, resetCalendarFeedLink } from './calendar-feed.service';
import { FEED_REFRESH_SECONDS } from './calendar-feed';
import { importCalendarFile } from './calendar-import.service';
import { createCalendarReader } from './calendar-reader';

const idParams = z.object({ id: z.string().uuid('No blocked dates with that id') });

/** `<token>.ics`: a signed token is `<id>.<signature>` of URL-safe characters. */
const feedParams = z.object({
  file: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.ics$/),
});

const MB = CALENDAR_IMPORT_MAX_BYTES / (1024 * 1024);

/** The uploaded calendar: one part `file`, at most 1 MB, and the vendor's time zone beside it. */
function receiveCalendar(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CALENDAR_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 256 },
  }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      return next(
        new AppError(415, 'unsupported-media-type', 'Send the calendar file as multipart/form-data, in the field "file".', [
          { path: 'file', message: 'Choose an .ics calendar file' },
        ]),
      );
    }
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(
          new AppError(413, 'payload-too-large', `This calendar file is larger than ${MB} MB. Export only the coming months and try again.`, [
            { path: 'file', message: `At most ${MB} MB` },
          ]),
        );
      }
      if (error instanceof multer.MulterError) {
        return next(
          new AppError(400, 'validation-failed', 'Send one calendar file, in the form field "file".', [
            { path: 'file', message: 'Choose one .ics calendar file' },
          ]),
        );
      }
      return next(new AppError(400, 'validation-failed', 'The upload was interrupted or is not valid multipart form data. Try again.'));
    });
  };
}

/**
 * The business's availability (docs/marketplace.md): blackout dates (list, block, unblock,
 * import from an .ics file), the month calendar's blocks and bookings, and the iCal feed at a
 * secret link calendar apps subscribe to.
 */
export function availabilityRouter(deps: AvailabilityDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const calendars = deps.calendars ?? createCalendarReader();
  const importLimit = limiter(
    deps.limits.uploadsPerUser ?? DEFAULT_UPLOADS_PER_USER,
    deps.limits.windowMs,
    (_req, res) => `calendar-import:${authOf(res).userId}`,
    { counters: deps.limits.counters },
  );

  router.get('/api/blackout-dates', auth, async (_req, res) => {
    res.json({ data: await availability.listBlackoutDates(deps, authOf(res)) });
  });
  router.post('/api/blackout-dates', auth, async (req, res) => {
    const body = createBlackoutBodySchema.parse(req.body);
    res.status(201).json({ data: await availability.addBlackoutDates(deps, authOf(res), body) });
  });
  router.post('/api/blackout-dates/import', auth, importLimit, receiveCalendar(), async (req, res) => {
    const { timeZone } = calendarImportFieldsSchema.parse(req.body ?? {});
    res.json({ data: await importCalendarFile({ ...deps, calendars }, authOf(res), req.file?.buffer, timeZone) });
  });
  router.delete('/api/blackout-dates/:id', auth, async (req, res) => {
    const { id } = idParams.parse(req.params);
    await availability.removeBlackoutDates(deps, authOf(res), id);
    res.status(204).end();
  });

  router.get('/api/availability', auth, async (req, res) => {
    const query = availabilityQuerySchema.parse(req.query);
    res.json({ data: await availability.availabilityBetween(deps, authOf(res), query) });
  });

  router.get('/api/calendar', auth, async (_req, res) => {
    res.json({ data: await calendarFeedLink(deps, authOf(res)) });
  });
  router.post('/api/calendar/reset', auth, async (_req, res) => {
    res.json({ data: await resetCalendarFeedLink(deps, authOf(res)) });
  });
  // Public: calendar apps send no bearer token; the signed, revocable link is the key.
  router.get('/api/calendar/:file', async (req, res) => {
    const params = feedParams.safeParse(req.params);
    const { body, tag } = await calendarFeed(deps, params.success ? params.data.file.slice(0, -'.ics'.length) : '');
    // Private: the link is a secret, so no shared cache keeps it; calendar apps poll, and a
    // matching If-None-Match gets a 304 (Express compares it with this ETag).
    res.set({
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="vowly-availability.ics"',
      'Cache-Control': `private, max-age=${FEED_REFRESH_SECONDS / 4}`,
      ETag: `W/"${tag}"`,
      'X-Robots-Tag': 'noindex',
    });
    res.send(body);
  });
  return router;
}
