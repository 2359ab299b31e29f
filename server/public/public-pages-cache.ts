import type { RenderedPage } from '../core/http/client-pages';
import type { CoreDeps } from '../core/deps';

/** How long a rendered public page is served again without asking the database. */
export const PAGE_CACHE_MS = 1_000;
/** Pages kept at most (the oldest go first): odd paths cannot grow it without bound. */
const MAX_PAGES = 2_000;

interface Entry<T> {
  at: number;
  page: Promise<T>;
  /** The page once rendered (undefined while it renders). */
  done?: T;
  vendorId: string | null;
}

/**
 * Rendered public pages, kept a moment (README: Public profile and directory): a page read by
 * many at once is rendered once a second, not once a request. A change this instance makes (a
 * saved form, a new review, a lead or its answer, a deleted business) drops the business's pages and every directory
 * page at once; a change made by another instance, or one no event tells (a new photo, an edited
 * reply), shows within `ttlMs`.
 */
export interface PageCache<T = RenderedPage | null> {
  get(key: string, vendorId: string | null, render: () => Promise<T>): Promise<T>;
  /** The page kept under `key` when it is rendered and fresh, else null (synchronous: for the fast path). */
  peek(key: string): T | null;
  /** Drops the business's profile pages and every directory page. */
  dropVendor(vendorId: string): void;
}

export function createPageCache<T = RenderedPage | null>(ttlMs = PAGE_CACHE_MS, now: () => number = () => performance.now()): PageCache<T> {
  const entries = new Map<string, Entry<T>>();
  return {
    get(key, vendorId, render) {
      const entry = entries.get(key);
      if (entry && now() - entry.at < ttlMs) return entry.page;
      entries.delete(key);
      const page = render();
      const fresh: Entry<T> = { at: now(), page, vendorId };
      entries.set(key, fresh);
      page.then(
        (done) => {
          fresh.done = done;
        },
        // A failed render is not kept: the next request tries again.
        () => {
          if (entries.get(key) === fresh) entries.delete(key);
        },
      );
      if (entries.size > MAX_PAGES) entries.delete(entries.keys().next().value as string);
      return page;
    },
    peek(key) {
      const entry = entries.get(key);
      return entry && now() - entry.at < ttlMs ? (entry.done ?? null) : null;
    },
    dropVendor(vendorId) {
      for (const [key, entry] of entries) if (entry.vendorId === vendorId || entry.vendorId === null) entries.delete(key);
    },
  };
}

/** Drops a business's cached pages (and its cached API answers, a cache of its own) once a change to what they show commits. */
export function subscribePublicPages(deps: Pick<CoreDeps, 'events'>, ...caches: Pick<PageCache<unknown>, 'dropVendor'>[]): void {
  const drop = ({ vendorId }: { vendorId: string }, { afterCommit }: { afterCommit(callback: () => void): void }) =>
    afterCommit(() => {
      for (const cache of caches) cache.dropVendor(vendorId);
    });
  deps.events.subscribe('form.saved', drop);
  deps.events.subscribe('business.services-changed', drop);
  deps.events.subscribe('business.deleted', drop);
  deps.events.subscribe('review.created', drop);
  // A new lead or an answer to one moves "Usually responds within N hours".
  deps.events.subscribe('quote.created', drop);
  deps.events.subscribe('quote.updated', drop);
}
