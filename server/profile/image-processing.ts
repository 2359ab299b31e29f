import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../core/http/app-error';
import type { ImageFormat } from './image-type';
import { IMAGE_RULES, type MinimumSize } from './image-rules';

/** Never more pixels than this, whatever the file's size: more than any camera makes. */
const MAX_INPUT_PIXELS = 50_000_000;
// Up to 4000 × 3000 (12 MP, about a phone photo), whatever the file's size: a one-colour logo that
// size costs no more to decode than the photos uploaded every day.
const FREE_SIZE = { width: 4000, height: 3000 };
const FREE_PIXELS = FREE_SIZE.width * FREE_SIZE.height;
// Beyond them, pixels must come with bytes. 200 pixels a byte is 0.04 bits a pixel: camera JPEGs
// carry 2–4 bits, web exports ~0.5, a smooth gradient at quality 80 still 0.07 (5000 × 4000 in
// 178 KB), so no photo is refused; a one-colour PNG carries 0.001 (7000 × 7000 in 6 KB), which is
// a decompression bomb's shape. 50 MP now takes at least 250 KB of upload.
const PIXELS_PER_BYTE = 200;
const LOGO_SIZE = 512;
const PHOTO_LONGEST_SIDE = 1600;
const THUMB_SIZE = 400;

/** An image re-encoded as WebP without any of the original's metadata (EXIF, GPS, ICC). */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

function unreadable(): AppError {
  return new AppError(400, 'validation-failed', 'This image could not be read. It may be damaged; try exporting it again.', [
    { path: 'file', message: 'This image could not be read.' },
  ]);
}

/** The most pixels decoded from a file of `bytes`. */
function pixelLimit(bytes: number): number {
  return Math.min(MAX_INPUT_PIXELS, Math.max(FREE_PIXELS, bytes * PIXELS_PER_BYTE));
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function tooManyPixels(width: number, height: number, bytes: number, limit: number): AppError {
  const why =
    limit === MAX_INPUT_PIXELS ? `more than the ${MAX_INPUT_PIXELS / 1_000_000} megapixels we accept` : `too many for a file of only ${sizeText(bytes)}`;
  // The free size passes whatever the new file weighs, and is still more than the gallery shows.
  const fits = `${FREE_SIZE.width} × ${FREE_SIZE.height}`;
  return new AppError(413, 'payload-too-large', `This image is ${width} × ${height} pixels, ${why}. Save a copy of at most ${fits} pixels and upload that.`, [
    { path: 'file', message: `Too many pixels: at most ${fits}.` },
  ]);
}

function tooSmall(kind: 'photo' | 'logo', width: number, height: number, minimum: MinimumSize): AppError {
  const needs = `${minimum.long} × ${minimum.short}`;
  const detail =
    kind === 'photo'
      ? `This photo is ${width} × ${height} pixels. Gallery photos need at least ${needs} pixels (either way round) to look sharp; upload a larger one.`
      : `This logo is ${width} × ${height} pixels. Logos need at least ${needs} pixels to look sharp; upload a larger one.`;
  return new AppError(400, 'validation-failed', detail, [{ path: 'file', message: `Too small: at least ${needs} pixels.` }]);
}

/**
 * Opens the image after checking its header: the format its first bytes claim, a pixel count in
 * proportion to the file's size, and the smallest size it may be. Every pipeline made from it
 * decodes the first frame, upright.
 */
async function open(input: Buffer, expected: ImageFormat, kind: 'photo' | 'logo'): Promise<() => Sharp> {
  const limit = pixelLimit(input.length);
  const make = () => sharp(input, { limitInputPixels: limit, failOn: 'error', pages: 1 }).autoOrient();
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (header.format !== expected || !header.width || !header.height) throw unreadable();
  if (header.width * header.height > limit) throw tooManyPixels(header.width, header.height, input.length, limit);
  const minimum = kind === 'photo' ? IMAGE_RULES.minPhoto : IMAGE_RULES.minLogo;
  if (Math.max(header.width, header.height) < minimum.long || Math.min(header.width, header.height) < minimum.short) {
    throw tooSmall(kind, header.width, header.height, minimum);
  }
  return make;
}

/** Encodes as WebP; sharp writes no metadata unless asked to. A corrupt body fails here. */
async function encode(image: Sharp): Promise<EncodedImage> {
  try {
    const { data, info } = await image.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}

/** A logo: 512 × 512, cropped to fill. */
export async function makeLogo(input: Buffer, format: ImageFormat): Promise<EncodedImage> {
  const image = await open(input, format, 'logo');
  return encode(image().resize(LOGO_SIZE, LOGO_SIZE, { fit: 'cover', position: 'centre' }));
}

/** A gallery photo: longest side at most 1600 px (never enlarged), and a 400 × 400 thumbnail cropped to the interesting part. */
export async function makeGalleryPhoto(input: Buffer, format: ImageFormat): Promise<{ photo: EncodedImage; thumb: EncodedImage }> {
  const image = await open(input, format, 'photo');
  const photo = await encode(image().resize(PHOTO_LONGEST_SIDE, PHOTO_LONGEST_SIDE, { fit: 'inside', withoutEnlargement: true }));
  // Cut from the photo, not the original: one large decode per upload, and one pipeline at a time
  // per queue slot.
  const thumb = await encode(sharp(photo.data).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: sharp.strategy.attention }));
  return { photo, thumb };
}
