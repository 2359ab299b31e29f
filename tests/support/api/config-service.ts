import { once, type EventEmitter } from 'node:events';
import { rename, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { App } from '../../../server/app';
import type { createMemoryLogger } from '../../../server/core/logger';
import type { SchemaStore } from '../../../server/config/schema-store/schema-store';
import { createTestContext } from './test-app';

/** A memory logger as `createMemoryLogger` returns it. */
export type MemoryLogger = ReturnType<typeof createMemoryLogger>;

/** A schema store over `dir` and an app serving it (API only, no client pages). */
export interface ConfigService {
  store: SchemaStore;
  app: App;
  logger: MemoryLogger;
  /** Stops watching and drops the service's database. */
  close(): Promise<void>;
}

/** Loads `dir` into a store (watching it when asked) and builds an app on top of it. */
export async function startConfigService(dir: string, options: { watch?: boolean } = {}): Promise<ConfigService> {
  const { store, app, logger, close } = await createTestContext({ schemasDir: dir, watch: options.watch ?? false });
  return { store, app, logger, close };
}

/**
 * Resolves with the arguments of the next `event`, or rejects after `timeoutMs` so a missing
 * event fails the test instead of hanging it. Call it before the edit that should cause the event.
 */
export async function nextEvent(emitter: EventEmitter, event: string, timeoutMs = 10_000): Promise<unknown[]> {
  try {
    return await once(emitter, event, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw new Error(`no "${event}" event within ${timeoutMs} ms`);
    throw error;
  }
}

/**
 * Replaces `file` in `dir` in one step (write a sibling, then rename), as editors save, so a
 * watcher never reads it half written. Use it where the first reload must see the final text.
 */
export async function replaceJson(dir: string, file: string, json: unknown): Promise<void> {
  const target = path.join(dir, file);
  await writeFile(`${target}.tmp`, `${JSON.stringify(json, null, 2)}\n`);
  await rename(`${target}.tmp`, target);
}

/** A response as it came off the wire: status, headers and undecoded body bytes. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GETs `path` from `app` over a real socket without decoding the body, so a test can check the
 * compressed bytes itself (supertest decompresses gzip and br on its own).
 */
export async function rawGet(app: App, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

/** A vendor record that no signed-in guard rule stops: admin, paid, onboarded, catering settings done. */
export function completeVendor(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'vendor-1',
    role: 'admin',
    ability: [{ action: 'manage', subject: 'all' }],
    payment_status: 'active',
    category: [{ vendor_type_id: 2 }],
    catering_head_count: 120,
    wedding_catering_price_per_head: 45,
    is_venue_setting_updated: false,
    is_photography_setting_updated: false,
    is_redirect_to_bakery_auto_response: false,
    last_completed_step: 1,
    ...overrides,
  };
}

/** A 15th category, as an operator would add it: one file, no code. */
export function photoBoothCategory(): Record<string, unknown> {
  return {
    id: 'photo-booth',
    label: 'Photo booth',
    description: 'Photo booth rentals with props, prints and an attendant.',
    vendorTypeId: 15,
    slugs: { profile: 'photo-booth', quoteDetail: 'photo-booth', autoResponse: 'photo_booth' },
    settings: {
      version: 1,
      title: 'Photo booth settings',
      schema: {
        type: 'object',
        required: ['booth_hourly_rate'],
        properties: {
          booth_hourly_rate: { type: 'number', title: 'Hourly rate (USD)', minimum: 1, maximum: 10000 },
          props_included: { type: 'boolean', title: 'Props included', default: true },
        },
      },
      uiSchema: { 'ui:order': ['booth_hourly_rate', 'props_included'] },
    },
    guardRule: {
      id: 'photo-booth-settings',
      order: 55,
      when: { allUnset: ['booth_hourly_rate'] },
      redirectTo: 'update-photo-booth-settings',
    },
  };
}
