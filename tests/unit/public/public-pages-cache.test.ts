import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../server/core/db/schema';
import type { DomainEvents } from '../../../server/core/events/domain-events';
import { createEventBus } from '../../../server/core/events/event-bus';
import type { RenderedPage } from '../../../server/core/http/client-pages';
import { createPageCache, subscribePublicPages } from '../../../server/public/public-pages-cache';

const page = (body: string): RenderedPage => ({ status: 200, head: '', body });

/** A cache kept a minute whose n-th render is "v<n>", and what it answers for a key (so a test sees which keys rendered again). */
function countingCache() {
  const cache = createPageCache<string>(60_000, () => 0);
  let renders = 0;
  const bodyOf = (key: string, vendorId: string | null) => cache.get(key, vendorId, async () => `v${++renders}`);
  return { cache, bodyOf };
}

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

  it("when a business is dropped, then its pages render again, other businesses' and the directory's do not; dropping the directory renders only its pages again", async () => {
    const { cache, bodyOf } = countingCache();
    await bodyOf('/vendor-profile/a/x', 'a');
    await bodyOf('/vendor-profile/b/y', 'b');
    await bodyOf('/vendors/florist/austin-tx', null);
    cache.dropVendor('a');
    expect(await bodyOf('/vendor-profile/a/x', 'a')).toBe('v4');
    expect(await bodyOf('/vendor-profile/b/y', 'b')).toBe('v2');
    expect(await bodyOf('/vendors/florist/austin-tx', null)).toBe('v3');
    cache.dropDirectories();
    expect(await bodyOf('/vendors/florist/austin-tx', null)).toBe('v5');
    expect(await bodyOf('/vendor-profile/a/x', 'a')).toBe('v4');
    expect(await bodyOf('/vendor-profile/b/y', 'b')).toBe('v2');
  });

  it("when a business's form is saved, then its pages and the directory's render again; when it gets a lead or answers one, then only its own pages do", async () => {
    const events = createEventBus({ afterCommit: (_trx, callback) => callback() });
    const { cache, bodyOf } = countingCache();
    subscribePublicPages({ events }, cache);
    const trx = {} as Kysely<DB>;
    await bodyOf('/vendor-profile/a/x', 'a');
    await bodyOf('/vendors/florist/austin-tx', null);

    await events.publish(trx, 'quote.created', { vendorId: 'a' } as DomainEvents['quote.created']);
    expect(await bodyOf('/vendor-profile/a/x', 'a')).toBe('v3');
    expect(await bodyOf('/vendors/florist/austin-tx', null)).toBe('v2');
    await events.publish(trx, 'quote.updated', { vendorId: 'a' } as DomainEvents['quote.updated']);
    expect(await bodyOf('/vendor-profile/a/x', 'a')).toBe('v4');
    expect(await bodyOf('/vendors/florist/austin-tx', null)).toBe('v2');

    await events.publish(trx, 'form.saved', { vendorId: 'a', formId: 'edit-profile', data: {}, categories: [] });
    expect(await bodyOf('/vendor-profile/a/x', 'a')).toBe('v5');
    expect(await bodyOf('/vendors/florist/austin-tx', null)).toBe('v6');
  });

  it('when a render fails, then the failure is not kept: the next request renders again', async () => {
    const cache = createPageCache(60_000, () => 0);
    await expect(cache.get('/vendors', null, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('/vendors', null, async () => page('ok'))).toEqual(page('ok'));
  });
});
