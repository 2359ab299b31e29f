import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage, withTimeout } from '../../client/src/app/router/lazy-page';

describe('lazy pages', () => {
  it('when a chunk takes longer than the timeout, then loading fails', async () => {
    vi.useFakeTimers();
    const load = withTimeout('dashboard', () => new Promise(() => {}), 120_000);
    const result = load();
    vi.advanceTimersByTime(120_000);
    await expect(result).rejects.toThrow('Loading chunk dashboard failed.\n(timeout: dashboard)');
    await expect(result).rejects.toMatchObject({ name: 'ChunkLoadError', chunk: 'dashboard', type: 'timeout' });
    vi.useRealTimers();
  });

  it('when preload and render both ask for the chunk, then it is imported once', async () => {
    const importer = vi.fn(async () => ({ default: () => null }));
    const page = lazyPage('settings', importer, 1000);
    await Promise.all([page.preload(), page.preload()]);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('when a chunk fails, then the next attempt imports it again (retry after a network blip)', async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValueOnce({ default: () => null });
    const page = lazyPage('settings', importer, 1000);
    await expect(page.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(page.preload()).resolves.toBeDefined();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('when the browser cannot fetch the module, then the failure is of type missing and names the file', async () => {
    const url = 'http://127.0.0.1:4173/assets/settings-page-Bx12.js';
    const page = lazyPage('settings', () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)), 1000);
    const error = (await page.preload().catch((e: unknown) => e)) as ChunkLoadError;
    expect(error).toMatchObject({ chunk: 'settings', type: 'missing', url });
    expect(error.message).toBe(`Loading chunk settings failed.\n(missing: ${url})`);
  });
});
