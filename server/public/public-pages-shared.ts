import type { ConfigSnapshot } from '../config';
import type { RenderedPage } from '../core/http/client-pages';
import type { DirectoryPage, DirectoryQuery, PublicVendor } from '../../shared/contracts/public-vendors';
import { escapeHtml, metaTag } from './html';
import { PUBLIC_PAGES_CSS } from './public-pages.css';

/** A public profile as the sitemap lists it. */
export interface ProfileEntry {
  vendorId: string;
  profilePath: string;
  updatedAt: number;
}

/** What the public pages, robots.txt and the sitemap read: the module's queries, bound to its deps by app.ts. */
export interface PublicPagesDeps {
  /** Base of absolute links (PUBLIC_URL): canonical, og:url, og:image, the sitemap. */
  publicUrl: string;
  schemas: () => Pick<ConfigSnapshot, 'config' | 'table'>;
  findVendor(vendorId: string): Promise<PublicVendor | null>;
  searchDirectory(query: DirectoryQuery): Promise<DirectoryPage>;
  listProfiles(page: { after?: string; limit: number }): Promise<ProfileEntry[]>;
}

/** `<title>`, description and robots of a page nobody should index (404, 400). */
export function notIndexedPage(status: number, title: string, appName: string, body = ''): RenderedPage {
  const head = [`<title>${escapeHtml(`${title} | ${appName}`)}</title>`, metaTag('name', 'robots', 'noindex')].join('\n    ');
  return { status, head, body, css: body ? PUBLIC_PAGES_CSS : undefined };
}
