import type { RenderedPage } from '../core/http/client-pages';
import type { CoreDeps } from '../core/deps';
import type { EventContext } from '../core/events/event-bus';

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
 * Rendered public pages, kept a moment (docs/marketplace.md: Public profile and directory): a page read by
 * many at once is rendered once a second, not once a request. A change this instance makes (a
 * saved form, a new review, a deleted business) drops the business's pages and every directory
 * page at once, a lead or its answer only the business's pages; a change made by another
 * instance, or one no event tells (a new photo, an edited reply), shows within `ttlMs`.
 */
export interface PageCache<T = RenderedPage | null> {
  get(key: string, vendorId: string | null, render: () => Promise<T>): Promise<T>;
  /** The page kept under `key` when it is rendered and fresh, else null (synchronous: for the fast path). */
  peek(key: string): T | null;
  /** Drops the business's own pages (its profile). */
  dropVendor(vendorId: string): void;
  /** Drops every page of no one business (the directory's). */
  dropDirectories(): void;
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
      for (const [key, entry] of entries) if (entry.vendorId === vendorId) entries.delete(key);
    },
    dropDirectories() {
      for (const [key, entry] of entries) if (entry.vendorId === null) entries.delete(key);
    },
  };
}

/**
 * Drops a business's cached pages (and its cached API answers, a cache of its own) once a change
 * to what they show commits, and the directory's pages once a change to their cards, who is listed
 * or the order does. A lead or an answer to one moves only "Usually responds within N hours": it
 * drops the business's own profile, which shows the new figure at once, but not the directory's
 * pages: every lead in the marketplace would clear them all, and they expire within the second.
 */
export function subscribePublicPages(deps: Pick<CoreDeps, 'events'>, ...caches: Pick<PageCache<unknown>, 'dropVendor' | 'dropDirectories'>[]): void {
  const dropping =
    (directories: boolean) =>
    ({ vendorId }: { vendorId: string }, { afterCommit }: Pick<EventContext, 'afterCommit'>) =>
      afterCommit(() => {
        for (const cache of caches) {
          cache.dropVendor(vendorId);
          if (directories) cache.dropDirectories();
        }
      });
  const vendorAndDirectories = dropping(true);
  const vendorOnly = dropping(false);
  deps.events.subscribe('form.saved', vendorAndDirectories);
  deps.events.subscribe('business.services-changed', vendorAndDirectories);
  deps.events.subscribe('business.deleted', vendorAndDirectories);
  deps.events.subscribe('review.created', vendorAndDirectories);
  deps.events.subscribe('quote.created', vendorOnly);
  deps.events.subscribe('quote.updated', vendorOnly);
}
