import type { z } from 'zod';
import { envelopeOf } from './envelope-of';
import { http } from './http';
import { parseResponse } from './response-shape-error';

/** Options of a read; TanStack Query passes the signal that cancels it. */
export interface ReadOptions {
  signal?: AbortSignal;
}

/**
 * `GET url`, its whole body checked with `schema`. For the answers without the `{ data }`
 * envelope: the config service's (docs/architecture.md: Config API; their shapes are fixed).
 */
export async function getJson<S extends z.ZodType>(schema: S, url: string, options: ReadOptions = {}): Promise<z.output<S>> {
  const response = await http.get<unknown>(url, { signal: options.signal });
  return parseResponse(schema, response.data, 'GET', url);
}

/** `GET url` → the `data` of its `{ data }` envelope, checked with `schema` (the schema of `data`). */
export async function getData<S extends z.ZodType>(schema: S, url: string, options?: ReadOptions): Promise<z.output<S>> {
  return (await getJson(envelopeOf(schema), url, options)).data;
}

/**
 * `GET url` → the whole envelope: `data` and the siblings the endpoint answers beside it
 * (`version`, `nextCursor`, `summary`), checked with an `envelopeSchema(data, siblings)`.
 */
export function getEnvelope<S extends z.ZodType<{ data: unknown }>>(schema: S, url: string, options?: ReadOptions): Promise<z.output<S>> {
  return getJson(schema, url, options);
}
