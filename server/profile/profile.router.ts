import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { AuthDeps } from '../auth/auth.service';
import { AppError } from '../http/app-error';
import { DEFAULT_UPLOADS_PER_USER, byIp, limiter, type RateLimitSettings } from '../http/rate-limits';
import { authOf, requireAuth } from '../http/require-auth';
import type { ConfigSnapshot } from '../schema-store/snapshot';
import { ACCEPTED_TYPES_TEXT, IMAGE_RULES } from './image-rules';
import { isMediaName, type MediaStore } from './media-store';
import * as profile from './profile.service';

export interface ProfileRouterDeps extends AuthDeps {
  schemas: () => ConfigSnapshot;
  /** Uploaded images (DATA_DIR/uploads). */
  media: MediaStore;
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
        return next(new AppError(413, 'payload-too-large', `This image is larger than ${MB} MB. Choose a smaller ${ACCEPTED_TYPES_TEXT} file.`, [{ path: 'file', message: `At most ${MB} MB.` }]));
      }
      if (error instanceof multer.MulterError) {
        return next(new AppError(400, 'validation-failed', 'Send one image, in the form field "file".', [{ path: 'file', message: 'Send one image.' }]));
      }
      return next(new AppError(400, 'validation-failed', 'The upload was interrupted or is not valid multipart form data. Try again.'));
    });
  };
}

/**
 * The business profile's images: the read model of the listing, logo and gallery uploads
 * (multipart, so it is mounted before the API's JSON-only gate and sets the API headers itself),
 * and the stored images at /api/media/<name>.
 */
export function profileRouter(deps: ProfileRouterDeps, limits: RateLimitSettings): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const { media } = deps;
  const service: profile.ProfileDeps = { database: deps.database, schemas: deps.schemas, media, logger: deps.logger, now: deps.now };
  // Each upload is decoded and re-encoded: limited per IP and per user before its body is read.
  const uploadLimits = [limiter(limits.perIp, limits.windowMs, byIp('upload')), limiter(limits.uploadsPerUser ?? DEFAULT_UPLOADS_PER_USER, limits.windowMs, (_req, res) => `upload-user:${authOf(res).userId}`)];
  const image = [...uploadLimits, receiveImage()];
  const canEdit: RequestHandler = (_req, res, next) => {
    profile.assertCanEdit(authOf(res));
    next();
  };

  router.get('/api/profile', auth, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await profile.getProfile(service, authOf(res)) });
  });

  router.post('/api/profile/logo', auth, canEdit, ...image, async (req, res) => {
    res.status(201).json({ data: await profile.replaceLogo(service, authOf(res), req.file?.buffer) });
  });

  router.delete('/api/profile/logo', auth, async (_req, res) => {
    await profile.removeLogo(service, authOf(res));
    res.status(204).end();
  });

  router.post('/api/profile/gallery', auth, canEdit, ...image, async (req, res) => {
    res.status(201).json({ data: await profile.addPhoto(service, authOf(res), req.file?.buffer) });
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
    res.sendFile(name, { root: media.dir, dotfiles: 'deny', maxAge: '365d', immutable: true, headers: { 'Content-Type': 'image/webp' } }, (error?: Error) => {
      if (error && !res.headersSent) next(new AppError(404, 'not-found', 'No such image.'));
    });
  });

  return router;
}
