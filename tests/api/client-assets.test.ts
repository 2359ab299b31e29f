import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../scripts/precompress-assets';
import { clientPages } from '../../server/core/http/client-pages';

const SCRIPT = `export const greeting = ${JSON.stringify('Welcome to your vendor dashboard. '.repeat(80))};\n`;
const SMALL = 'export const x = 1;\n';

let dir: string;
let server: Server;
/** What reached the error middleware after clientPages as a server error (a 500 and an `unhandled error` log line in the app). */
const passedOn: unknown[] = [];

/** A GET with the bytes as sent: supertest would decode gzip and brotli before the test sees them. */
function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path: url, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'client-assets-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Vowly</title><script nonce="__CSP_NONCE__"></script>');
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.map'), JSON.stringify({ mappings: 'A'.repeat(5000) }));
  await writeFile(path.join(dir, 'assets', 'tiny-def456.js'), SMALL);
  await precompressAssets(path.join(dir, 'assets'));
  const app = express();
  app.use(clientPages(dir));
  app.use(((error: { status?: number }, _req, res, _next) => {
    // express.static's own 404s pass through here as errors too, as in the app.
    if (error.status !== 404) passedOn.push(error);
    res.status(error.status ?? 500).end();
  }) satisfies express.ErrorRequestHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('precompressAssets', () => {
  it('when the build is done, then each compressible asset of 1 KB or more gets a smaller .br and .gz beside it, and source maps and small files none', async () => {
    const names = (await readdir(path.join(dir, 'assets'))).sort();
    expect(names).toEqual(['app-abc123.js', 'app-abc123.js.br', 'app-abc123.js.gz', 'app-abc123.js.map', 'tiny-def456.js']);
  });
});

describe('GET /assets/*', () => {
  it('when the browser accepts brotli, then the brotli copy is sent with the script type, Vary and the immutable cache', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const body = res.body;
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('when the browser accepts gzip only, then the gzip copy is sent', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('when the browser refuses brotli (q=0) or accepts no encoding, then it gets what it can take', async () => {
    const gz = await get('/assets/app-abc123.js', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('when an asset has no compressed copy, then it is sent as it is', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SMALL);
  });

  it('when an asset is missing, then the answer is a 404 in every encoding, never index.html', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/gone-999.js', encoding);
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('<!doctype html>');
    }
  });

  it('when the name climbs out of the assets folder, then nothing outside it is sent', async () => {
    for (const url of ['/assets/..%2Findex.html', '/assets/%2e%2e/index.html', '/assets/.%2e/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.body.toString()).not.toContain('<title>Vowly</title>');
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });

  it('when the browser goes away before the download starts, then nothing is passed on as a server error', async () => {
    passedOn.length = 0;
    const { port } = server.address() as AddressInfo;
    for (let i = 0; i < 5; i += 1) {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.end('GET /assets/app-abc123.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n');
      socket.destroy();
    }
    // The next request on a new connection is answered after the aborted ones were handled.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get('/assets/app-abc123.js', 'br')).status).toBe(200);
    expect(passedOn).toEqual([]);
  });
});
