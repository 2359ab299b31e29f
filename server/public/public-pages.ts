import type { ModulePage, PageRequest, RenderedPage } from '../core/http/client-pages';
import { searchDirectory } from './directory.service';
import type { PageCache } from './public-pages-cache';
import { renderDirectoryPage, renderVendorsPage } from './public-pages-directory';
import { renderProfilePage } from './public-pages-profile';
import type { PublicPagesDeps } from './public-pages-shared';
import { findPublicVendor, listPublicProfiles } from './public-vendor.service';
import type { PublicDeps } from './public.deps';

export type { ProfileEntry, PublicPagesDeps } from './public-pages-shared';

/** The pages' deps over the module's own queries. */
export function publicPagesDeps(deps: PublicDeps): PublicPagesDeps {
  return {
    publicUrl: deps.publicUrl,
    schemas: deps.schemas,
    findVendor: (vendorId) => findPublicVendor(deps, vendorId),
    searchDirectory: (query) => searchDirectory(deps, query),
    listProfiles: (page) => listPublicProfiles(deps, page),
  };
}

const PROFILE_PATH = /^\/vendor-profile(?:\/|$)/i;
const VENDORS_PATH = /^\/vendors(?:\/|$)/i;

/**
 * The module's server-rendered pages (docs/marketplace.md: Public profile and directory): the public profile
 * `/vendor-profile/:adminId/:slug` and the directory `/vendors`, `/vendors/:category/:place`,
 * written into index.html for crawlers, link previews and a first paint without JavaScript;
 * rendered once per `cache` period when a cache is given.
 */
export function publicPages(deps: PublicPagesDeps, cache: PageCache | null = null): ModulePage[] {
  const cached = (req: PageRequest, vendorId: string | null, render: () => Promise<RenderedPage | null>) =>
    cache ? cache.get(`${req.path}${req.search}`, vendorId, render) : render();
  const peek = (req: PageRequest) => cache?.peek(`${req.path}${req.search}`) ?? null;
  return [
    {
      match: (path) => PROFILE_PATH.test(path),
      render: (req) => cached(req, req.path.split('/')[2]?.toLowerCase() ?? '', () => renderProfilePage(deps, req)),
      peek,
    },
    {
      match: (path) => VENDORS_PATH.test(path),
      peek,
      render: (req) => cached(req, null, () => (/^\/vendors\/?$/i.test(req.path) ? renderVendorsPage(deps) : renderDirectoryPage(deps, req))),
    },
  ];
}
