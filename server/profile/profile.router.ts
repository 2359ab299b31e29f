import { Router, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { AppError } from '../core/http/app-error';
import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import { DEFAULT_UPLOADS_PER_USER, byIp, limiter } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import { createImageQueue, type ImagePlace, type ImageQueue } from './image-queue';
import { ACCEPTED_TYPES_TEXT, IMAGE_RULES } from './image-rules';
import { isMediaName, type MediaStore } from './media-store';
import * as profile from './profile.service';

export interface ProfileRouterDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  /** Uploaded images (DATA_DIR/uploads). */
  media: MediaStore;
  /** The app's one image queue; made here with its defaults when not given. */
  images?: ImageQueue;
}

const idParam = z.object({ id: z.uuid('Unknown photo') });
const orderBody = z.object({ ids: z.array(z.string()).max(IMAGE_RULES.maxGalleryPhotos, 'Too many photos') });
const MB = IMAGE_RULES.maxBytes / (1024 * 1024);

/** Reads the one image of an upload, in memory (it is re-encoded anyway), from the field `file`. */
function receiveImage(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_RULES.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  }).single('file');
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(
          new AppError(413, 'payload-too-large', `This image is larger than ${MB} MB. Choose a smaller ${ACCEPTED_TYPES_TEXT} file.`, [
            { path: 'file', message: `At most ${MB} MB.` },
          ]),
        );
      }
      if (error instanceof multer.MulterError) {
        return next(new AppError(400, 'validation-failed', 'Send one image, in the form field "file".', [{ path: 'file', message: 'Send one image.' }]));
      }
      return next(new AppError(400, 'validation-failed', 'The upload was interrupted or is not valid multipart form data. Try again.'));
    });
  };
}

/** The place an upload holds in the image queue (set by the `room` step of its route). */
function placeOf(res: Response): ImagePlace | undefined {
  return res.locals.imagePlace as ImagePlace | undefined;
}

/**
 * The business profile's images: the read model of the listing, logo and gallery uploads
 * (multipart, which the API's body gate lets through to multer here), and the stored images at
 * /api/media/<name>.
 */
export function profileRouter(deps: ProfileRouterDeps): Router {
  const router = Router();
  const { limits } = deps;
  const auth = requireAuth(deps);
  const { media } = deps;
  const images = deps.images ?? createImageQueue();
  const service: profile.ProfileDeps = { database: deps.database, schemas: deps.schemas, media, logger: deps.logger, clock: deps.clock, images };
  // Each upload is decoded and re-encoded: limited per IP and per user before its body is read.
  const uploadLimits = [
    limiter(limits.perIp, limits.windowMs, byIp('upload'), { counters: limits.counters }),
    limiter(limits.uploadsPerUser ?? DEFAULT_UPLOADS_PER_USER, limits.windowMs, (_req, res) => `upload-user:${authOf(res).userId}`, {
      counters: limits.counters,
    }),
  ];
  // A place in the queue is held before the body is read, and before the limits count it: with the
  // queue full the body would only be held in memory for a 503, and a retry should not use up the
  // vendor's allowance. The place goes back when the response ends unless the resize took it, so
  // uploads arriving together never read more bodies than the queue has places.
  const room: RequestHandler = (_req, res, next) => {
    const place = images.reserve();
    res.locals.imagePlace = place;
    res.once('close', place.release);
    next();
  };
  const image = [room, ...uploadLimits, receiveImage()];
  const canEdit: RequestHandler = (_req, res, next) => {
    profile.assertCanEdit(authOf(res));
    next();
  };

  router.get('/api/profile', auth, async (_req, res) => {
    res.json({ data: await profile.getProfile(service, authOf(res)) });
  });

  router.post('/api/profile/logo', auth, canEdit, ...image, async (req, res) => {
    res.status(201).json({ data: await profile.replaceLogo(service, authOf(res), req.file?.buffer, placeOf(res)) });
  });

  router.delete('/api/profile/logo', auth, async (_req, res) => {
    await profile.removeLogo(service, authOf(res));
    res.status(204).end();
  });

  router.post('/api/profile/gallery', auth, canEdit, ...image, async (req, res) => {
    res.status(201).json({ data: await profile.addPhoto(service, authOf(res), req.file?.buffer, placeOf(res)) });
  });

  router.put('/api/profile/gallery/order', auth, async (req, res) => {
    const { ids } = orderBody.parse(req.body);
    res.json({ data: await profile.reorderPhotos(service, authOf(res), ids) });
  });

  router.delete('/api/profile/gallery/:id', auth, async (req, res) => {
    const { id } = idParam.parse(req.params);
    await profile.removePhoto(service, authOf(res), id);
    res.status(204).end();
  });

  // Public by unguessable name: <img> sends no bearer token, and customers see these anyway.
  router.get('/api/media/:name', (req, res, next) => {
    const { name } = req.params;
    if (!isMediaName(name)) return next(new AppError(404, 'not-found', 'No such image.'));
    // The API's default no-store would win: sendFile keeps a Cache-Control already set.
    res.removeHeader('Cache-Control');
    res.sendFile(name, { root: media.dir, dotfiles: 'deny', maxAge: '365d', immutable: true, headers: { 'Content-Type': 'image/webp' } }, (error?: Error) => {
      if (error && !res.headersSent) next(new AppError(404, 'not-found', 'No such image.'));
    });
  });

  return router;
}
