import sharp from 'sharp';
import { startAppServer } from './support/app-server';

/** Images uploaded at once (the issue: 12 uploads pushed GET /api/config/app to 693 ms). */
export const CONCURRENT_UPLOADS = 12;
/** Each idle window; there is one before the uploads and one after. */
const IDLE_MS = 1_500;
const PHOTO = { width: 7000, height: 7000 };

/** Latencies of one kind of window, in milliseconds. */
export interface LatencyStats {
  median: number;
  p95: number;
  count: number;
}

export interface ImageUploadsResult {
  photo: { width: number; height: number; bytes: number };
  /** GET /api/config/app with nothing else going on. */
  idle: LatencyStats;
  /** The same GETs while the uploads are in flight. */
  busy: LatencyStats;
  /** Upload answers by status. */
  statuses: Record<number, number>;
  /** From the first upload sent to the last one answered. */
  uploadSeconds: number;
}

/**
 * The heaviest kind of upload still accepted: 49 MP (the 7000 × 7000) as a PNG, which is
 * decoded in full (JPEG is shrunk while decoding), in a gradient's 1.8 MB: enough bytes for its pixels.
 */
function makePhoto(): Promise<Buffer> {
  const { width, height } = PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { median: rank(0.5), p95: rank(0.95), count: sorted.length };
}

/** One GET after another (one keep-alive connection) until `done()`; the latency of each. */
async function sampleGets(url: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    latencies.push(performance.now() - start);
  }
  return latencies;
}

async function registerVendor(base: string, label: string): Promise<string> {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench.${label}.${Date.now()}@example.com`, password: 'violet-lantern-harbor-92', businessName: 'Bench Studio' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function uploadPhoto(base: string, token: string, photo: Blob): Promise<number> {
  const form = new FormData();
  form.append('file', photo, 'ceremony.png');
  const res = await fetch(`${base}/api/profile/gallery`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  return res.status;
}

/**
 * The real server in production mode: GET /api/config/app one after another on the idle server,
 * while CONCURRENT_UPLOADS large images upload at once, and idle again.
 */
export async function benchImageUploads(): Promise<ImageUploadsResult> {
  const photo = new Blob([new Uint8Array(await makePhoto())], { type: 'image/png' });
  const server = await startAppServer();
  const config = `${server.url}/api/config/app`;
  try {
    await uploadPhoto(server.url, await registerVendor(server.url, 'warm-up'), photo);
    let warmUp = 200;
    await sampleGets(config, () => (warmUp -= 1) < 0);
    const token = await registerVendor(server.url, 'uploads');

    const idle: number[] = [];
    const sampleIdle = async () => {
      const until = performance.now() + IDLE_MS;
      idle.push(...(await sampleGets(config, () => performance.now() > until)));
    };
    await sampleIdle();
    let pending = CONCURRENT_UPLOADS;
    const start = performance.now();
    const uploads = Array.from({ length: CONCURRENT_UPLOADS }, () =>
      uploadPhoto(server.url, token, photo).finally(() => {
        pending -= 1;
      }),
    );
    const busy = await sampleGets(config, () => pending === 0);
    const uploadSeconds = (performance.now() - start) / 1000;
    // Idle both before and after, so a machine whose speed drifts weighs on both sides.
    await sampleIdle();

    const statuses: Record<number, number> = {};
    for (const status of await Promise.all(uploads)) statuses[status] = (statuses[status] ?? 0) + 1;
    return { photo: { ...PHOTO, bytes: photo.size }, idle: stats(idle), busy: stats(busy), statuses, uploadSeconds };
  } finally {
    await server.stop();
  }
}
