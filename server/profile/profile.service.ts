import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import { categoriesOf, findVendor } from '../business';
import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import { makeGalleryPhoto, makeLogo } from './image-processing';
import type { ImagePlace, ImageQueue } from './image-queue';
import { ACCEPTED_TYPES_TEXT, IMAGE_RULES } from './image-rules';
import { sniffImageFormat, type ImageFormat } from './image-type';
import { mediaUrl, type MediaStore } from './media-store';
import { readListing } from './profile-listing';
import { photoOf, profileImages } from './profile-reads';
import * as repo from './profile.repository';

export interface ProfileDeps extends Pick<CoreDeps, 'database' | 'logger' | 'clock'> {
  schemas: () => ConfigSnapshot;
  media: MediaStore;
  /** Every resize goes through it: a few images at once, a bounded line, then 503. */
  images: ImageQueue;
}

/** May the caller change the profile? Checked before an upload's body is read. */
export function assertCanEdit(auth: AuthContext): void {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Profile');
}

/**
 * The listing as customers see it: its texts (`readListing`: onboarding's answers until the
 * profile is first saved), the logo and gallery, and each category the business offers with the
 * path of its listing page and its settings form. `limits` are the upload rules, for the client.
 */
export async function getProfile(deps: ProfileDeps, auth: AuthContext) {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Profile');
  const db = deps.database.db;
  const [vendor, listing, images] = await Promise.all([findVendor(db, auth.vendorId), readListing(db, auth.vendorId), profileImages(db, auth.vendorId)]);
  if (!vendor) throw new AppError(401, 'unauthorized', 'Sign in to continue.');
  const { config } = deps.schemas();
  const routePaths = new Map(config.routes.map((route) => [route.name, route.path]));
  const categories = categoriesOf(vendor).flatMap((typeId) => {
    const category = config.categories.find((c) => c.vendorTypeId === typeId);
    if (!category) return [];
    const settingsFormId = category.forms.settings ?? null;
    return [
      {
        id: category.id,
        label: category.label,
        path: `/${category.slugs.profile}/${vendor.id}`,
        settingsFormId,
        settingsPath: settingsFormId ? (routePaths.get(settingsFormId) ?? null) : null,
      },
    ];
  });
  const { saved, ...texts } = listing;
  return {
    vendorId: vendor.id,
    businessName: vendor.business_name,
    ...texts,
    logo: images.logo,
    gallery: images.gallery,
    categories,
    profileSaved: saved,
    limits: IMAGE_RULES,
  };
}

/** The upload's format from its first bytes; 400 for anything but JPEG, PNG or WebP. */
function formatOf(upload: Buffer | undefined): { data: Buffer; format: ImageFormat } {
  if (!upload || upload.length === 0) {
    throw new AppError(400, 'validation-failed', 'Choose an image to upload.', [{ path: 'file', message: 'Choose an image.' }]);
  }
  const format = sniffImageFormat(upload);
  if (!format) {
    throw new AppError(400, 'validation-failed', `This file is not a ${ACCEPTED_TYPES_TEXT} image. Choose a photo in one of those formats.`, [
      { path: 'file', message: `Only ${ACCEPTED_TYPES_TEXT} images.` },
    ]);
  }
  return { data: upload, format };
}

/** Deletes files no row points at any more; a failure only leaves an orphan, so it is logged, not thrown. */
export async function discard(deps: Pick<ProfileDeps, 'media' | 'logger'>, files: readonly string[]): Promise<void> {
  try {
    await deps.media.remove(files);
  } catch (error) {
    deps.logger.warn('could not delete uploaded files', { files, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Runs a profile write after saving its new files; if the write fails, the files go again. */
async function withNewFiles<T>(deps: ProfileDeps, files: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discard(deps, files);
    throw error;
  }
}

/** Replaces the logo with the upload, resized to 512 × 512 and re-encoded (on `place` in the image queue when the router holds one). */
export async function replaceLogo(deps: ProfileDeps, auth: AuthContext, upload: Buffer | undefined, place?: ImagePlace) {
  assertCanEdit(auth);
  const { data, format } = formatOf(upload);
  const logo = await deps.images.run(() => makeLogo(data, format), place);
  const file = await deps.media.save(logo.data);
  const now = deps.clock.now();
  const previous = await withNewFiles(deps, [file], () =>
    deps.database.writeTransaction(async (trx) => {
      await repo.lockProfile(trx, auth.vendorId, now);
      const old = (await repo.findProfile(trx, auth.vendorId))?.logo_file ?? null;
      await repo.setLogo(trx, auth.vendorId, { file, width: logo.width, height: logo.height }, now);
      return old;
    }),
  );
  if (previous) await discard(deps, [previous]);
  return { url: mediaUrl(file), width: logo.width, height: logo.height };
}

/** Removes the logo. */
export async function removeLogo(deps: ProfileDeps, auth: AuthContext): Promise<void> {
  assertCanEdit(auth);
  const now = deps.clock.now();
  const previous = await deps.database.writeTransaction(async (trx) => {
    await repo.lockProfile(trx, auth.vendorId, now);
    const old = (await repo.findProfile(trx, auth.vendorId))?.logo_file ?? null;
    await repo.setLogo(trx, auth.vendorId, null, now);
    return old;
  });
  if (previous) await discard(deps, [previous]);
}

function galleryFull(): AppError {
  return new AppError(400, 'validation-failed', `Your gallery is full: it holds ${IMAGE_RULES.maxGalleryPhotos} photos. Delete one to add another.`, [
    { path: 'file', message: 'The gallery is full.' },
  ]);
}

/** Adds the upload at the end of the gallery (at most 24 photos), with its thumbnail (on `place` in the image queue when the router holds one). */
export async function addPhoto(deps: ProfileDeps, auth: AuthContext, upload: Buffer | undefined, place?: ImagePlace) {
  assertCanEdit(auth);
  const { data, format } = formatOf(upload);
  // Cheap early answer before the resize; the count in the transaction below is the one that holds.
  if ((await repo.countPhotos(deps.database.db, auth.vendorId)) >= IMAGE_RULES.maxGalleryPhotos) throw galleryFull();
  const { photo, thumb } = await deps.images.run(() => makeGalleryPhoto(data, format), place);
  const files = await Promise.all([deps.media.save(photo.data), deps.media.save(thumb.data)]);
  const [file, thumbFile] = files;
  const now = deps.clock.now();
  const row = await withNewFiles(deps, files, () =>
    deps.database.writeTransaction(async (trx) => {
      await repo.lockProfile(trx, auth.vendorId, now);
      if ((await repo.countPhotos(trx, auth.vendorId)) >= IMAGE_RULES.maxGalleryPhotos) throw galleryFull();
      return repo.insertPhotoLast(trx, {
        id: randomUUID(),
        vendor_id: auth.vendorId,
        file,
        thumb_file: thumbFile,
        width: photo.width,
        height: photo.height,
        created_at: now,
      });
    }),
  );
  return photoOf(row);
}

/** Deletes a gallery photo and its files. */
export async function removePhoto(deps: ProfileDeps, auth: AuthContext, id: string): Promise<void> {
  assertCanEdit(auth);
  const now = deps.clock.now();
  const removed = await deps.database.writeTransaction(async (trx) => {
    await repo.lockProfile(trx, auth.vendorId, now);
    const photo = await repo.findPhoto(trx, auth.vendorId, id);
    // Thrown inside the transaction: a refused removal rolls back the lock's touch of the profile too.
    if (!photo || !(await repo.deletePhoto(trx, auth.vendorId, id))) throw new AppError(404, 'not-found', 'No photo with that id in your gallery.');
    return photo;
  });
  await discard(deps, [removed.file, removed.thumb_file]);
}

/** Puts the gallery in the given order; `ids` must name every photo once. */
export async function reorderPhotos(deps: ProfileDeps, auth: AuthContext, ids: readonly string[]) {
  assertCanEdit(auth);
  const now = deps.clock.now();
  const photos = await deps.database.writeTransaction(async (trx) => {
    await repo.lockProfile(trx, auth.vendorId, now);
    const current = await repo.listPhotos(trx, auth.vendorId);
    const known = new Set(current.map((p) => p.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError(400, 'validation-failed', 'The gallery changed meanwhile. Reload the page and try again.', [
        { path: 'ids', message: 'List every photo of the gallery exactly once.' },
      ]);
    }
    for (const [position, id] of ids.entries()) await repo.setPhotoPosition(trx, auth.vendorId, id, position);
    return repo.listPhotos(trx, auth.vendorId);
  });
  return photos.map(photoOf);
}
