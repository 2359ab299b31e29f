import { describe, expect, it, vi } from 'vitest';
import { lazyPage, withTimeout } from '../../client/src/app/router/lazy-page';

describe('lazy pages', () => {
  it('when a chunk takes longer than the timeout, then loading fails', async () => {
    vi.useFakeTimers();
    const load = withTimeout(() => new Promise(() => {}), 120_000);
    const result = load();
    vi.advanceTimersByTime(120_000);
    await expect(result).rejects.toThrow(/timed out after 120000 ms/);
    vi.useRealTimers();
  });

  it('when preload and render both ask for the chunk, then it is imported once', async () => {
    const importer = vi.fn(async () => ({ default: () => null }));
    const page = lazyPage(importer, 1000);
    await Promise.all([page.preload(), page.preload()]);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('when a chunk fails, then the next attempt imports it again (retry after a network blip)', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce({ default: () => null });
    const page = lazyPage(importer, 1000);
    await expect(page.preload()).rejects.toThrow('Failed to fetch');
    await expect(page.preload()).resolves.toBeDefined();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
