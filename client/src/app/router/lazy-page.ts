import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page loaded on demand: `preload` lets the router wait for the chunk before it renders. */
export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  preload(): Promise<unknown>;
}

/** Fails a chunk load that takes longer than `timeoutMs` (seed-spec §9: 120000 ms). */
export function withTimeout<T>(load: () => Promise<T>, timeoutMs: number): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Loading chunk timed out after ${timeoutMs} ms`)), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** Wraps a dynamic import as a lazy page; the import runs once, shared by preload and render. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, timeoutMs: number): LazyPage {
  let promise: Promise<{ default: ComponentType }> | null = null;
  const once = () => {
    promise ??= withTimeout(load, timeoutMs)().catch((error: unknown) => {
      promise = null;
      throw error;
    });
    return promise;
  };
  return { Component: lazy(once), preload: once };
}
