/** Formats the profile accepts, as sharp names them. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

/**
 * The image format from the file's magic bytes (JPEG `FF D8 FF`, the PNG signature, WebP's
 * `RIFF····WEBP`), or null: a name or a declared content type proves nothing.
 */
export function sniffImageFormat(data: Uint8Array): ImageFormat | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, PNG_SIGNATURE)) return 'png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return null;
}
