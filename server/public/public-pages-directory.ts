import type { PageRequest, RenderedPage } from '../core/http/client-pages';
import { AppError } from '../core/http/app-error';
import {
  DIRECTORY_SORTS,
  directoryQuerySchema,
  EMBEDDED_DIRECTORY_ELEMENT_ID,
  type DirectoryPage,
  type DirectorySort,
  type EmbeddedDirectory,
} from '../../shared/contracts/public-vendors';
import type { FieldError } from '../../shared/contracts/problem';
import { placeFromSlug, placeSlug } from '../../shared/places/place-slug';
import { absoluteUrl, clip, escapeHtml, jsonDataScript, metaTag } from './html';
import { notIndexedPage, type PublicPagesDeps } from './public-pages-shared';
import { PUBLIC_PAGES_CSS } from './public-pages.css';

const DIRECTORY = /^\/vendors\/([^/]+)\/([^/]+)\/?$/i;
const e = escapeHtml;

function commonHead(title: string, description: string, canonical: string, appName: string): string[] {
  return [
    `<title>${e(`${title} | ${appName}`)}</title>`,
    metaTag('name', 'description', description),
    `<link rel="canonical" href="${e(canonical)}" />`,
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:site_name', appName),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:url', canonical),
    metaTag('name', 'twitter:card', 'summary'),
    metaTag('name', 'twitter:title', title),
    metaTag('name', 'twitter:description', description),
  ];
}

/** `/vendors`: every category, linked to the directory page that asks for a place. */
export async function renderVendorsPage(deps: PublicPagesDeps): Promise<RenderedPage> {
  const { config } = deps.schemas();
  const appName = config.app.displayName;
  const title = 'Find wedding and event vendors';
  const description = clip(`Browse ${config.categoryFiles.map((c) => c.label.toLowerCase()).join(', ')} near you, read their reviews and request quotes.`, 155);
  const links = config.categoryFiles
    .map(
      (category) =>
        `<li class="pp-card"><h2><a href="/vendors?category=${encodeURIComponent(category.id)}">${e(category.label)}</a></h2>${category.description ? `<p>${e(category.description)}</p>` : ''}</li>`,
    )
    .join('');
  return {
    status: 200,
    head: commonHead(title, description, absoluteUrl(deps.publicUrl, '/vendors'), appName).join('\n    '),
    body: `<main class="pp" id="directory-prerender"><h1>${e(title)}</h1><p class="pp-muted">Pick a category, then say where your event is.</p><ul class="pp-cards">${links}</ul></main>`,
    css: PUBLIC_PAGES_CSS,
  };
}

/** The 400 page of a directory query the app cannot answer: each field named with what is wrong. */
function badQueryPage(errors: FieldError[], appName: string): RenderedPage {
  const items = errors.map((error) => `<li><strong>${e(error.path)}</strong>: ${e(error.message)}</li>`).join('');
  return notIndexedPage(
    400,
    'Check the search',
    appName,
    `<main class="pp" id="directory-prerender"><h1>Check the search</h1><ul class="pp-errors">${items}</ul><p><a href="/vendors">Browse all categories</a></p></main>`,
  );
}

function cardOf(vendor: DirectoryPage['data'][number]): string {
  const image = vendor.image
    ? `<img src="${e(vendor.image.url)}" width="${vendor.image.width}" height="${vendor.image.height}" alt="" loading="lazy" decoding="async" />`
    : '';
  const rating =
    vendor.rating.count > 0 && vendor.rating.average !== null
      ? `${vendor.rating.average.toFixed(1)} out of 5 · ${vendor.rating.count} review${vendor.rating.count === 1 ? '' : 's'}`
      : 'No reviews yet';
  const facts = [vendor.city, rating, vendor.responseHours ? `Responds within ${vendor.responseHours} h` : null, `${vendor.distanceMiles} mi away`].filter(
    Boolean,
  );
  return `<li class="pp-card pp-vendor">${image}<div><h2><a href="${e(vendor.profilePath)}">${e(vendor.name)}</a></h2><p class="pp-muted">${e(facts.join(' · '))}</p>${
    vendor.highlights.length ? `<ul class="pp-highlights">${vendor.highlights.map((line) => `<li>${e(line)}</li>`).join('')}</ul>` : ''
  }<a class="pp-button" href="${e(vendor.requestPath)}">Request a quote</a></div></li>`;
}

/**
 * `/vendors/:category/:place` (the place as a slug: "austin-tx", "78701"): a page of the directory
 * (the first, or the one `?cursor=` names) as crawlable links, and a link on to the next page. An
 * unknown category, place or sort, or a cursor not of this list, is a 400 page naming the field.
 */
export async function renderDirectoryPage(deps: PublicPagesDeps, req: PageRequest): Promise<RenderedPage | null> {
  const { config } = deps.schemas();
  const appName = config.app.displayName;
  const parts = DIRECTORY.exec(req.path);
  if (!parts) return null;
  const params = new URLSearchParams(req.search);
  const categoryId = decodeURIComponentSafe(parts[1] as string);
  const place = placeFromSlug(decodeURIComponentSafe(parts[2] as string));
  const errors: FieldError[] = [];
  if (!config.categoryFiles.some((category) => category.id === categoryId)) errors.push({ path: 'category', message: 'No such category' });
  if (!place) errors.push({ path: 'place', message: 'Write the place as a city and state ("austin-tx") or a ZIP code' });
  const sort = params.get('sort') ?? 'rating';
  if (!(DIRECTORY_SORTS as readonly string[]).includes(sort)) errors.push({ path: 'sort', message: 'Sort by rating, response or distance' });
  const parsed = directoryQuerySchema.safeParse({
    category: categoryId,
    place: place ?? '',
    sort,
    ...(params.get('cursor') ? { cursor: params.get('cursor') } : {}),
  });
  if (errors.length === 0 && !parsed.success) errors.push(...parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  if (errors.length > 0 || !parsed.success) return badQueryPage(errors, appName);

  let page: DirectoryPage;
  try {
    page = await deps.searchDirectory(parsed.data);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return badQueryPage(error.errors ?? [{ path: 'query', message: error.message }], appName);
    throw error;
  }
  const path = `/vendors/${encodeURIComponent(page.category.id)}/${placeSlug(page.place)}`;
  const query = (cursor: string | undefined, by: DirectorySort) => {
    const search = new URLSearchParams();
    if (by !== 'rating') search.set('sort', by);
    if (cursor) search.set('cursor', cursor);
    const text = search.toString();
    return text ? `?${text}` : '';
  };
  const canonical = absoluteUrl(deps.publicUrl, `${path}${query(parsed.data.cursor, 'rating')}`);
  const title = `${page.category.label} vendors in ${page.place}`;
  const description = clip(
    page.total > 0
      ? `${page.total} ${page.category.label.toLowerCase()} vendor${page.total === 1 ? ' serves' : 's serve'} ${page.place}. Compare ratings and response times, then request quotes.`
      : `No ${page.category.label.toLowerCase()} vendor serves ${page.place} yet. Try a nearby city.`,
    155,
  );
  const next = page.nextCursor ? `${path}${query(page.nextCursor, parsed.data.sort)}` : null;
  const head = [...commonHead(title, description, canonical, appName), ...(next ? [`<link rel="next" href="${e(absoluteUrl(deps.publicUrl, next))}" />`] : [])];
  const cards = page.data.map(cardOf).join('');
  const body = [
    '<main class="pp" id="directory-prerender">',
    `<h1>${e(title)}</h1>`,
    `<p class="pp-muted">${e(page.total === 0 ? `No vendor serves ${page.place} in this category yet.` : `${page.total} vendor${page.total === 1 ? '' : 's'} serve${page.total === 1 ? 's' : ''} ${page.place}.`)}</p>`,
    cards ? `<ul class="pp-cards">${cards}</ul>` : '<p><a href="/vendors">Browse all categories</a></p>',
    next ? `<nav aria-label="Pages"><a class="pp-button" rel="next" href="${e(next)}">Next page</a></nav>` : '',
    '</main>',
  ].join('');
  // The search and its answer, for the app's first render: it lists from the page the cursor names, as drawn here.
  const embedded: EmbeddedDirectory = { ...parsed.data, page };
  return { status: 200, head: head.join('\n    '), body, css: PUBLIC_PAGES_CSS, after: jsonDataScript(EMBEDDED_DIRECTORY_ELEMENT_ID, embedded) };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
