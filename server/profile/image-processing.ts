import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../http/app-error';
import type { ImageFormat } from './image-type';

/** Decoding limit: more than any camera makes; beyond it is a decompression bomb, not a photo. */
const MAX_INPUT_PIXELS = 50_000_000;
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

/**
 * Opens the image after checking its header: the format its first bytes claim, and a pixel
 * count sharp may decode. Every pipeline made from it decodes the first frame, upright.
 */
async function open(input: Buffer, expected: ImageFormat): Promise<() => Sharp> {
  const make = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).autoOrient();
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (header.format !== expected || !header.width || !header.height) throw unreadable();
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw new AppError(413, 'payload-too-large', 'This image has more than 50 megapixels. Make it smaller and try again.', [
      { path: 'file', message: 'Too many pixels.' },
    ]);
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
  const image = await open(input, format);
  return encode(image().resize(LOGO_SIZE, LOGO_SIZE, { fit: 'cover', position: 'centre' }));
}

/** A gallery photo: longest side at most 1600 px (never enlarged), and a 400 × 400 thumbnail cropped to the interesting part. */
export async function makeGalleryPhoto(input: Buffer, format: ImageFormat): Promise<{ photo: EncodedImage; thumb: EncodedImage }> {
  const image = await open(input, format);
  const [photo, thumb] = await Promise.all([
    encode(image().resize(PHOTO_LONGEST_SIDE, PHOTO_LONGEST_SIDE, { fit: 'inside', withoutEnlargement: true })),
    encode(image().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: sharp.strategy.attention })),
  ]);
  return { photo, thumb };
}
