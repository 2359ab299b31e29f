import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page loaded on demand: `preload` lets the router wait for the chunk before it renders. */
export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  preload(): Promise<unknown>;
}

/**
 * A page chunk that did not load (docs/specification.md §8): "Loading chunk N failed", of type `timeout`
 * (slower than the configured limit) or `missing` (the request failed: offline, or a deploy
 * replaced the file). `url` is the file, when the browser named it.
 */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly type: 'timeout' | 'missing',
    readonly url: string | null,
  ) {
    super(`Loading chunk ${chunk} failed.\n(${type}: ${url ?? chunk})`);
    this.name = 'ChunkLoadError';
  }
}

/** The module URL in a failed dynamic import's message ("Failed to fetch dynamically imported module: <url>"). */
function urlIn(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+|\/assets\/\S+)/.exec(message)?.[1] ?? null;
}

/** Fails a chunk load that takes longer than `timeoutMs` (docs/specification.md §9: 120000 ms) with a ChunkLoadError of type timeout. */
export function withTimeout<T>(chunk: string, load: () => Promise<T>, timeoutMs: number): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout', null)), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk, 'missing', urlIn(error)));
        },
      );
    });
}

/** Wraps a dynamic import as a lazy page named `chunk`; the import runs once, shared by preload and render, and again after a failure. */
export function lazyPage(chunk: string, load: () => Promise<{ default: ComponentType }>, timeoutMs: number): LazyPage {
  let promise: Promise<{ default: ComponentType }> | null = null;
  const once = () => {
    promise ??= withTimeout(chunk, load, timeoutMs)().catch((error: unknown) => {
      promise = null;
      throw error;
    });
    return promise;
  };
  return { Component: lazy(once), preload: once };
}
