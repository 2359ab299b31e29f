import type { PageRequest, RenderedPage } from '../core/http/client-pages';
import { AppError } from '../core/http/app-error';
import { EMBEDDED_VENDOR_ELEMENT_ID, type PublicVendor } from '../../shared/contracts/public-vendors';
import { absoluteUrl, clip, escapeHtml, jsonDataScript, jsonLdScript, metaTag } from './html';
import { notIndexedPage, type PublicPagesDeps } from './public-pages-shared';
import { PUBLIC_PAGES_CSS } from './public-pages.css';

/** Reviews the page draws and JSON-LD carries: the newest few (the app pages on through the API). */
const REVIEWS_SHOWN = 5;
/** Gallery photos in the server-drawn page (the app shows them all, with a lightbox). */
const PHOTOS_SHOWN = 6;
const DESCRIPTION_CHARS = 155;
/** A business id as the app makes them (uuid) or any plain token: anything else is no business. */
const VENDOR_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PROFILE = /^\/vendor-profile\/([^/]*)(?:\/([^/]*))?\/?$/i;

/** "Austin, TX" → its locality and region; anything else → the whole text as the locality. */
function cityParts(city: string): { locality: string; region: string | null } {
  const parts = /^(.+?),\s*([A-Za-z]{2})(?:\s+\d{5})?$/.exec(city.trim());
  return parts ? { locality: parts[1] as string, region: (parts[2] as string).toUpperCase() } : { locality: city.trim(), region: null };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Sweet Crumb · Bakery, Catering in Austin, TX" (the title without the app's name). */
function headline(vendor: PublicVendor): string {
  const labels = vendor.categories.map((category) => category.label).join(', ');
  const where = vendor.city ? ` in ${vendor.city}` : '';
  return labels ? `${vendor.name} · ${labels}${where}` : `${vendor.name}${where}`;
}

function descriptionOf(vendor: PublicVendor): string {
  if (vendor.about?.trim()) return clip(vendor.about, DESCRIPTION_CHARS);
  const labels = vendor.categories.map((category) => category.label.toLowerCase()).join(', ');
  return clip(`${vendor.name}${labels ? `: ${labels}` : ''}${vendor.city ? ` in ${vendor.city}` : ''}. Read reviews and request a quote.`, DESCRIPTION_CHARS);
}

/** The image a link preview shows: the logo, or the first photo. */
const previewImage = (vendor: PublicVendor) => vendor.logo ?? vendor.gallery[0] ?? null;

/** schema.org LocalBusiness: the marketplace, not the business, collects the reviews, so aggregateRating and review are eligible. */
function localBusiness(vendor: PublicVendor, url: string, base: string) {
  const image = previewImage(vendor);
  const city = vendor.city ? cityParts(vendor.city) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#business`,
    name: vendor.name,
    url,
    ...(image ? { image: absoluteUrl(base, image.url) } : {}),
    ...(vendor.about ? { description: vendor.about } : {}),
    ...(city
      ? { address: { '@type': 'PostalAddress', addressLocality: city.locality, ...(city.region ? { addressRegion: city.region } : {}), addressCountry: 'US' } }
      : {}),
    ...(vendor.serviceArea ? { areaServed: vendor.serviceArea } : {}),
    ...(vendor.contact.phone ? { telephone: vendor.contact.phone } : {}),
    ...(vendor.contact.email ? { email: vendor.contact.email } : {}),
    ...(vendor.contact.website || vendor.contact.instagram || vendor.contact.facebook
      ? { sameAs: [vendor.contact.website, vendor.contact.instagram, vendor.contact.facebook].filter(Boolean) }
      : {}),
    ...(vendor.rating.count > 0 && vendor.rating.average !== null
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: vendor.rating.average, reviewCount: vendor.rating.count, bestRating: 5, worstRating: 1 },
          review: vendor.reviews.slice(0, REVIEWS_SHOWN).map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            ...(review.title ? { name: review.title } : {}),
            reviewBody: review.body,
            datePublished: isoDate(review.createdAt),
          })),
        }
      : {}),
  };
}

function profileHead(vendor: PublicVendor, appName: string, base: string): string {
  const url = absoluteUrl(base, vendor.profilePath);
  const title = `${headline(vendor)} | ${appName}`;
  const description = descriptionOf(vendor);
  const image = previewImage(vendor);
  const city = vendor.city ? cityParts(vendor.city) : null;
  return [
    `<title>${escapeHtml(title)}</title>`,
    metaTag('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    metaTag('property', 'og:type', 'business.business'),
    metaTag('property', 'og:site_name', appName),
    metaTag('property', 'og:title', headline(vendor)),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:url', url),
    ...(image
      ? [
          metaTag('property', 'og:image', absoluteUrl(base, image.url)),
          metaTag('property', 'og:image:width', String(image.width)),
          metaTag('property', 'og:image:height', String(image.height)),
          metaTag('property', 'og:image:alt', vendor.logo ? `${vendor.name} logo` : `A photo by ${vendor.name}`),
        ]
      : []),
    ...(city ? [metaTag('property', 'business:contact_data:locality', city.locality)] : []),
    ...(city?.region ? [metaTag('property', 'business:contact_data:region', city.region)] : []),
    ...(city ? [metaTag('property', 'business:contact_data:country_name', 'United States')] : []),
    metaTag('name', 'twitter:card', vendor.gallery.length > 0 ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', headline(vendor)),
    metaTag('name', 'twitter:description', description),
    ...(image ? [metaTag('name', 'twitter:image', absoluteUrl(base, image.url))] : []),
    jsonLdScript(localBusiness(vendor, url, base)),
  ].join('\n    ');
}

const stars = (rating: number) => `${'★'.repeat(Math.round(rating))}${'☆'.repeat(5 - Math.round(rating))}`;

function profileBody(vendor: PublicVendor): string {
  const e = escapeHtml;
  const logo = vendor.logo
    ? `<img class="pp-logo" src="${e(vendor.logo.url)}" width="${vendor.logo.width}" height="${vendor.logo.height}" alt="${e(`${vendor.name} logo`)}" fetchpriority="high" />`
    : '';
  const where = [
    vendor.city,
    vendor.serviceArea ? `Serves ${vendor.serviceArea}` : null,
    vendor.serviceRadiusMiles ? `within ${vendor.serviceRadiusMiles} miles` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const rating =
    vendor.rating.count > 0 && vendor.rating.average !== null
      ? `<p class="pp-rating"><span aria-hidden="true">${stars(vendor.rating.average)}</span> ${vendor.rating.average.toFixed(1)} out of 5 · ${plural(vendor.rating.count, 'review', 'reviews')}</p>`
      : '<p class="pp-rating">No reviews yet</p>';
  const responds = vendor.responseHours ? `<p class="pp-muted">Usually responds within ${plural(vendor.responseHours, 'hour', 'hours')}</p>` : '';
  const photos = vendor.gallery
    .slice(0, PHOTOS_SHOWN)
    .map(
      (photo, i) =>
        `<li><a href="${e(photo.url)}"><img src="${e(photo.thumbUrl)}" width="400" height="400" alt="${e(`Photo ${i + 1} by ${vendor.name}`)}" loading="lazy" decoding="async" /></a></li>`,
    )
    .join('');
  const categories = vendor.categories
    .map(
      (category) =>
        `<li class="pp-card"><h3>${e(category.label)}</h3>${
          category.highlights.length ? `<ul class="pp-highlights">${category.highlights.map((line) => `<li>${e(line)}</li>`).join('')}</ul>` : ''
        }<a class="pp-button" href="${e(category.requestPath)}">Request a quote</a></li>`,
    )
    .join('');
  const reviews = vendor.reviews
    .slice(0, REVIEWS_SHOWN)
    .map(
      (review) =>
        `<li class="pp-review"><p><span aria-label="${review.rating} out of 5 stars">${stars(review.rating)}</span> <strong>${e(review.author)}</strong> · <time datetime="${isoDate(review.createdAt)}">${isoDate(review.createdAt)}</time></p>${
          review.title ? `<h3>${e(review.title)}</h3>` : ''
        }<p>${e(review.body)}</p>${review.reply ? `<blockquote class="pp-reply"><p><strong>Reply from ${e(vendor.name)}</strong></p><p>${e(review.reply)}</p></blockquote>` : ''}</li>`,
    )
    .join('');
  const contact = [
    vendor.contact.phone ? `<li>Phone: <a href="tel:${e(vendor.contact.phone.replace(/[^\d+]/g, ''))}">${e(vendor.contact.phone)}</a></li>` : '',
    vendor.contact.email ? `<li>Email: <a href="mailto:${e(vendor.contact.email)}">${e(vendor.contact.email)}</a></li>` : '',
    ...(['website', 'instagram', 'facebook'] as const).map((key) => {
      const href = vendor.contact[key];
      return href && /^https?:\/\//i.test(href)
        ? `<li><a href="${e(href)}" rel="nofollow noopener" target="_blank">${e(key[0]!.toUpperCase() + key.slice(1))}</a></li>`
        : '';
    }),
  ].join('');
  return [
    '<main class="pp" id="public-profile-prerender">',
    `<header class="pp-header">${logo}<div><h1>${e(vendor.name)}</h1>${where ? `<p class="pp-muted">${e(where)}</p>` : ''}${rating}${responds}</div></header>`,
    photos ? `<section aria-label="Photos"><ul class="pp-gallery">${photos}</ul></section>` : '',
    vendor.about ? `<section><h2>About</h2><p class="pp-about">${e(vendor.about)}</p></section>` : '',
    categories ? `<section><h2>Services</h2><ul class="pp-cards">${categories}</ul></section>` : '',
    contact ? `<section><h2>Contact</h2><ul class="pp-contact">${contact}</ul></section>` : '',
    `<section><h2>Reviews</h2>${reviews ? `<ul class="pp-reviews">${reviews}</ul>` : '<p class="pp-muted">No reviews yet.</p>'}</section>`,
    '</main>',
  ].join('');
}

/**
 * `/vendor-profile/:adminId/:slug`: the profile drawn for crawlers and link previews; a wrong or
 * missing slug is a 301 to the right path (query kept); an odd id, or no such published business,
 * is the app's 404 page with status 404. The vendor's data comes along as JSON after #root.
 */
export async function renderProfilePage(deps: PublicPagesDeps, req: PageRequest): Promise<RenderedPage> {
  const appName = deps.schemas().config.app.displayName;
  const parts = PROFILE.exec(req.path);
  const vendorId = parts?.[1] ?? '';
  const notFound = () => notIndexedPage(404, 'Page not found', appName);
  if (!VENDOR_ID.test(vendorId)) return notFound();
  let vendor: PublicVendor | null;
  try {
    vendor = await deps.findVendor(vendorId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notFound();
    throw error;
  }
  if (!vendor) return notFound();
  if (req.path !== vendor.profilePath) return { status: 301, redirect: `${vendor.profilePath}${req.search}` };
  return {
    status: 200,
    head: profileHead(vendor, appName, deps.publicUrl),
    body: profileBody(vendor),
    css: PUBLIC_PAGES_CSS,
    // What the API would answer, for the app's first render (it shows the profile at once, no second fetch).
    after: jsonDataScript(EMBEDDED_VENDOR_ELEMENT_ID, vendor),
  };
}
