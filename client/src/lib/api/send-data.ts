import type { AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { envelopeOf } from './envelope-of';
import { http } from './http';
import { parseResponse } from './response-shape-error';

/** The methods that change something on the server. */
export type WriteMethod = 'post' | 'put' | 'patch' | 'delete';

/** What else a write may need: upload progress, a timeout. The method, URL and body are sendData's. */
export type WriteOptions = Omit<AxiosRequestConfig, 'method' | 'url' | 'data'>;

/**
 * Sends `body` with `method` to `url` and returns the `data` of the `{ data }` answer, checked
 * with `schema`; with `schema` null the answer's body is not read (204, or nothing the caller
 * needs). A problem+json error rejects with axios's error, unchanged, for the form to place.
 */
export async function sendData<S extends z.ZodType>(method: WriteMethod, schema: S, url: string, body?: unknown, options?: WriteOptions): Promise<z.output<S>>;
export async function sendData(method: WriteMethod, schema: null, url: string, body?: unknown, options?: WriteOptions): Promise<void>;
export async function sendData(method: WriteMethod, schema: z.ZodType | null, url: string, body?: unknown, options: WriteOptions = {}): Promise<unknown> {
  const response = await http.request<unknown>({ ...options, method, url, data: body });
  if (!schema) return undefined;
  return parseResponse(envelopeOf(schema), response.data, method, url).data;
}
