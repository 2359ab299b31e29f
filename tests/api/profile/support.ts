import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { hashPassword } from '../../../server/auth/password';
import { insertUser } from '../../../server/auth/auth.repository';
import type { TestContext } from '../../support/api/test-app';
import { agent, login, STRONG_PASSWORD, uniqueEmail } from '../../support/api/http';

/** Shared helpers of the profile API suites (not a test file). */

export interface ProfileBody {
  vendorId: string;
  businessName: string;
  about: string | null;
  serviceArea: string | null;
  city: string | null;
  serviceRadiusMiles: number | null;
  phone: string | null;
  links: { website: string | null; instagram: string | null; facebook: string | null };
  logo: { url: string; width: number; height: number } | null;
  gallery: PhotoBody[];
  categories: { id: string; label: string; path: string; settingsFormId: string | null; settingsPath: string | null }[];
  profileSaved: boolean;
  limits: { maxBytes: number; maxGalleryPhotos: number; types: string[] };
}

export interface PhotoBody {
  id: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** A colour gradient, so resizing has something to do. */
function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A PNG made on the spot: a colour gradient; by default the smallest gallery photo accepted. */
export function makePng(width = 600, height = 400, options: { exif?: boolean } = {}): Promise<Buffer> {
  const image = gradient(width, height);
  return (options.exif ? image.withExif({ IFD0: { Copyright: 'Secret Studio', Artist: 'Jane Doe' } }) : image).png().toBuffer();
}

/** A smooth-gradient JPEG (quality 80): about as few bytes per pixel as a real photo ever has. */
export function makeGradientJpeg(width: number, height: number): Promise<Buffer> {
  return gradient(width, height).jpeg({ quality: 80 }).toBuffer();
}

/** A one-colour PNG, 1 bit per pixel, compressed as far as zlib goes: 7000 × 7000 fits in ~6 KB. */
export function makeFlatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}

/** A JPEG with camera metadata (author and copyright in EXIF). */
export async function makeJpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp(await makePng(width, height))
    .withExif({ IFD0: { Copyright: 'Secret Studio', Artist: 'Jane Doe' } })
    .jpeg()
    .toBuffer();
}

/** POSTs `data` as the multipart field `file`. */
export function upload(ctx: TestContext, token: string, path: string, data: Buffer, file: { filename?: string; contentType?: string } = {}) {
  return agent(ctx)
    .post(path)
    .set('Authorization', `Bearer ${token}`)
    .attach('file', data, { filename: file.filename ?? 'photo.png', contentType: file.contentType ?? 'image/png' });
}

export async function getProfile(ctx: TestContext, token: string): Promise<ProfileBody> {
  const res = await agent(ctx).get('/api/profile').set('Authorization', `Bearer ${token}`);
  if (res.status !== 200) throw new Error(`GET /api/profile: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: ProfileBody }).data;
}

/** Fetches a served image and returns its bytes. */
export async function fetchImage(ctx: TestContext, url: string): Promise<Buffer> {
  const res = await agent(ctx)
    .get(url)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return res.body as Buffer;
}

/** Adds a user with `role` to the business and signs them in; returns their access token. */
export async function signInWithRole(ctx: TestContext, vendorId: string, role: string): Promise<string> {
  const email = uniqueEmail(role);
  const now = Date.now();
  await insertUser(ctx.database.db, {
    id: randomUUID(),
    vendor_id: vendorId,
    email,
    password_hash: await hashPassword(STRONG_PASSWORD),
    role,
    google_sub: null,
    created_at: now,
    updated_at: now,
  });
  const res = await login(ctx, email, STRONG_PASSWORD);
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { accessToken: string } }).data.accessToken;
}
