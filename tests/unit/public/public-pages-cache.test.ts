import { describe, expect, it } from 'vitest';
import type { RenderedPage } from '../../../server/core/http/client-pages';
import { createPageCache } from '../../../server/public/public-pages-cache';

const page = (body: string): RenderedPage => ({ status: 200, head: '', body });

describe('the public page cache', () => {
  it('when a page is asked for again within the period, then it is not rendered again; after it, it is', async () => {
    let time = 0;
    let renders = 0;
    const cache = createPageCache(1_000, () => time);
    const render = async () => page(`v${++renders}`);
    expect(await cache.get('/vendor-profile/a/x', 'a', render)).toEqual(page('v1'));
    time = 999;
    expect(await cache.get('/vendor-profile/a/x', 'a', render)).toEqual(page('v1'));
    time = 1_000;
    expect(await cache.get('/vendor-profile/a/x', 'a', render)).toEqual(page('v2'));
    expect(renders).toBe(2);
  });

  it("when a business is dropped, then its pages and every directory page render again, other businesses' pages do not", async () => {
    const cache = createPageCache(60_000, () => 0);
    let renders = 0;
    const render = async () => page(`v${++renders}`);
    await cache.get('/vendor-profile/a/x', 'a', render);
    await cache.get('/vendor-profile/b/y', 'b', render);
    await cache.get('/vendors/florist/austin-tx', null, render);
    cache.dropVendor('a');
    expect((await cache.get('/vendor-profile/a/x', 'a', render)) as { body: string }).toMatchObject({ body: 'v4' });
    expect((await cache.get('/vendor-profile/b/y', 'b', render)) as { body: string }).toMatchObject({ body: 'v2' });
    expect((await cache.get('/vendors/florist/austin-tx', null, render)) as { body: string }).toMatchObject({ body: 'v5' });
  });

  it('when a render fails, then the failure is not kept: the next request renders again', async () => {
    const cache = createPageCache(60_000, () => 0);
    await expect(cache.get('/vendors', null, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('/vendors', null, async () => page('ok'))).toEqual(page('ok'));
  });
});
