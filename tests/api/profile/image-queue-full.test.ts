import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageQueue, type ImageQueue } from '../../../server/profile/image-queue';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { expectProblem, registerVendor } from '../../support/api/http';
import { getProfile, makePng } from './support';

/** An upload over a real socket whose body is only half sent until `finish`. */
interface HeldUpload {
  /** Status and body of the answer, or the network error's code; never rejects. */
  answer: Promise<{ status: number; body: string } | { error: string }>;
  finish(): void;
  /** Drops the connection midway, as a client that went away. */
  abandon(): void;
}

/** A multipart body carrying `data` in the field `file`. */
function multipart(data: Buffer): { body: Buffer; type: string } {
  const boundary = `----upload-${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/** Starts `POST /api/profile/gallery` and sends the headers and half of the body. */
function startUpload(port: number, token: string, data: Buffer): HeldUpload {
  const { body, type } = multipart(data);
  const half = Math.floor(body.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/profile/gallery',
    agent: false,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type, 'Content-Length': body.length },
  });
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.once('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.once('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text });
        req.destroy();
      });
    });
    req.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  req.write(body.subarray(0, half));
  return { answer, finish: () => req.end(body.subarray(half)), abandon: () => req.destroy() };
}

/** Which uploads were answered once `count` answers came (or 5 s passed), and 200 ms more for any other. */
async function answeredAfter(uploads: HeldUpload[], count: number): Promise<number[]> {
  const answered: number[] = [];
  let enough = () => {};
  const reached = new Promise<void>((resolve) => (enough = resolve));
  uploads.forEach(
    (upload, i) =>
      void upload.answer.then(() => {
        answered.push(i);
        if (answered.length >= count) enough();
      }),
  );
  await Promise.race([reached, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return [...answered];
}

/** Resolves once the queue has no place left (`full`) or has one again (`free`); rejects after 5 s. */
async function queueIs(images: ImageQueue, state: 'full' | 'free'): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    let free = true;
    try {
      images.reserve().release();
    } catch {
      free = false;
    }
    if (free === (state === 'free')) return;
    if (Date.now() > deadline) throw new Error(`the image queue did not become ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The whole app (createApp) on an image queue of one slot and one place in line, so that two
 * uploads fill it. Refusals over a real socket show what was read: an answer to an upload whose
 * body is only half sent came before its body was read.
 */
describe('image uploads when the image queue is full', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let images: ImageQueue;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'profile-queue-'));
    images = createImageQueue({ running: 1, waiting: 1, retryAfterSeconds: 7 });
    ctx = await createTestContext({ uploadsDir, images });
    server = createServer(ctx.app);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const send = (token: string, data: Buffer) =>
    supertest(ctx.app)
      .post('/api/profile/gallery')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', data, { filename: 'photo.png', contentType: 'image/png' });

  it('when every slot is taken and the line is full, then an upload is refused with 503 busy and Retry-After, nothing is stored, and once a slot frees the same upload goes through', async () => {
    const { accessToken } = await registerVendor(ctx);
    const photo = await makePng(700, 450);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const occupying = [0, 1].map(() => images.run(() => gate));

    const refused = await send(accessToken, photo);

    const body = expectProblem(refused, 503, 'busy');
    expect(body.detail).toMatch(/try again in a few seconds/i);
    expect(refused.headers['retry-after']).toBe('7');
    expect(await readdir(uploadsDir).catch(() => [])).toEqual([]);
    expect((await getProfile(ctx, accessToken)).gallery).toEqual([]);

    release();
    await Promise.all(occupying);
    const accepted = await send(accessToken, photo);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect((await getProfile(ctx, accessToken)).gallery).toHaveLength(1);
  });

  it('when four uploads arrive together with their bodies half sent, then two are refused with 503 busy before their bodies are read, and the two holding the places complete once their bodies arrive', async () => {
    const { accessToken } = await registerVendor(ctx);
    const photo = await makePng(700, 450);

    const uploads = Array.from({ length: 4 }, () => startUpload(port, accessToken, photo));
    const early = await answeredAfter(uploads, 2);

    expect(early).toHaveLength(2);
    for (const i of early) expect(await uploads[i]!.answer).toMatchObject({ status: 503, body: expect.stringContaining('"busy"') });
    const holding = uploads.filter((_upload, i) => !early.includes(i));
    holding.forEach((upload) => upload.finish());
    expect((await Promise.all(holding.map((upload) => upload.answer))).map((answer) => ('status' in answer ? answer.status : answer.error))).toEqual([
      201, 201,
    ]);
    expect((await getProfile(ctx, accessToken)).gallery).toHaveLength(2);
  });

  it('when a client abandons an upload midway, then its place comes back and the next upload goes through', async () => {
    const { accessToken } = await registerVendor(ctx);
    const photo = await makePng(700, 450);
    const uploads = [startUpload(port, accessToken, photo), startUpload(port, accessToken, photo)];
    await queueIs(images, 'full');

    uploads.forEach((upload) => upload.abandon());
    await queueIs(images, 'free');

    const accepted = await send(accessToken, photo);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect((await getProfile(ctx, accessToken)).gallery).toHaveLength(1);
  });

  it('when more uploads than the queue has places are refused as not images, then each gets its 400 (none is left holding a place) and a photo then goes through', async () => {
    const { accessToken } = await registerVendor(ctx);

    for (let i = 0; i < 3; i += 1) expectProblem(await send(accessToken, Buffer.from('not an image at all')), 400, 'validation-failed');

    expect((await send(accessToken, await makePng(700, 450))).status).toBe(201);
  });
});
