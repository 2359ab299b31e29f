import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import VendorProfilePage from '../../../client/src/features/public/vendor-profile-page';
import { http } from '../../../client/src/lib/api/http';
import { initI18n } from '../../../client/src/lib/i18n/i18n';
import { aPublicVendor, aReview, problem, publicServer, renderPage, VENDOR_ID } from './public-harness';
import { EMBEDDED_VENDOR_ELEMENT_ID, type PublicVendor } from '../../../shared/contracts/public-vendors';
import { PRERENDERED_PAGE_ID } from '../../../shared/prerender/prerendered-page';

const VENDOR_PATH = `/api/public/vendors/${VENDOR_ID}`;

function serve(vendor: PublicVendor | null) {
  const server = publicServer();
  server.on(VENDOR_PATH, () =>
    vendor ? { status: 200, body: { data: vendor } } : { status: 404, body: problem(404, 'Not Found', { detail: 'No such vendor.' }) },
  );
  server.on(`${VENDOR_PATH}/visits`, () => ({ status: 204 }));
  server.on(`${VENDOR_PATH}/reviews`, (query) =>
    query.get('cursor') === 'cursor-2'
      ? { status: 200, body: { data: [aReview(3, { rating: 4, title: null, body: 'Lovely lemon cake' })], nextCursor: 'cursor-3' } }
      : { status: 200, body: { data: [aReview(4, { body: 'The last one' })], nextCursor: null } },
  );
  return server;
}

const open = (slug = 'sweet-layers-bakery') => renderPage('vendor-profile', <VendorProfilePage />, `/vendor-profile/${VENDOR_ID}/${slug}`);

let original: AxiosAdapter | undefined;

describe('<VendorProfilePage>', () => {
  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
  });
  afterEach(() => {
    cleanup();
    http.defaults.adapter = original;
  });

  it('when the profile loads, then it shows the name, logo, photos (lazy, sized), about, each category with its highlights, the area and the response time', async () => {
    serve(aPublicVendor());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo of Sweet Layers Bakery' }).getAttribute('src')).toBe('/uploads/logo.png');
    const photo = screen.getByRole('img', { name: 'Sweet Layers Bakery, photo 1 of 2' });
    expect(photo.getAttribute('src')).toBe('/uploads/p1-thumb.jpg');
    expect(photo.getAttribute('loading')).toBe('lazy');
    expect(photo.getAttribute('width')).toBe('400');
    expect(photo.getAttribute('height')).toBe('400');
    expect(screen.getByText('Wedding cakes baked in Austin since 2009.')).toBeTruthy();
    const services = screen.getByRole('region', { name: 'Services' });
    expect(within(services).getByRole('heading', { name: 'Bakery' })).toBeTruthy();
    expect(within(services).getByText('Cakes from $7.50 a slice')).toBeTruthy();
    expect(within(services).getByText('Offers: tastings, delivery')).toBeTruthy();
    expect(screen.getByText('Austin and the Hill Country')).toBeTruthy();
    expect(screen.getByText('Usually responds within 3 hours')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sweet Layers Bakery | Vowly Pro'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('Wedding cakes baked in Austin since 2009.');
  });

  it('when the business published no phone or email, then the contact shows only its links; with none at all there is no contact section', async () => {
    serve(aPublicVendor());
    open();
    const contact = await screen.findByRole('region', { name: 'Contact' });
    expect(
      within(contact)
        .getByRole('link', { name: /Website/ })
        .getAttribute('href'),
    ).toBe('https://sweetlayers.example');
    expect(
      within(contact)
        .getByRole('link', { name: /Instagram/ })
        .getAttribute('href'),
    ).toBe('https://instagram.com/sweetlayers');
    expect(within(contact).queryByRole('link', { name: /Facebook/ })).toBeNull();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    cleanup();

    serve(aPublicVendor({ contact: { phone: '(512) 555-0100', email: 'hello@sweetlayers.example', website: null, instagram: null, facebook: null } }));
    open();
    const shown = await screen.findByRole('region', { name: 'Contact' });
    expect(within(shown).getByRole('link', { name: '(512) 555-0100' }).getAttribute('href')).toBe('tel:5125550100');
    expect(within(shown).getByRole('link', { name: 'hello@sweetlayers.example' }).getAttribute('href')).toBe('mailto:hello@sweetlayers.example');
    cleanup();

    serve(aPublicVendor({ contact: { phone: null, email: null, website: null, instagram: null, facebook: null } }));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' });
    expect(screen.queryByRole('region', { name: 'Contact' })).toBeNull();
  });

  it('when the business has reviews, then the average, the count, the bars per stars, each review and the reply show; More reviews pages on until the end', async () => {
    const server = serve(aPublicVendor());
    open();
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('4.7')).toBeTruthy();
    expect(within(reviews).getByText('3 reviews')).toBeTruthy();
    const bars = within(reviews).getByRole('list', { name: 'Reviews by stars' });
    const rows = within(bars)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['5 stars2 reviews', '4 stars1 review', '3 stars0 reviews', '2 stars0 reviews', '1 star0 reviews']);
    expect(within(reviews).getByText('Review body 1')).toBeTruthy();
    expect(within(reviews).getByText('Author 1.')).toBeTruthy();
    expect(within(reviews).getByText('March 1, 2026')).toBeTruthy();
    expect(within(reviews).getByText('Reply from Sweet Layers Bakery')).toBeTruthy();
    expect(within(reviews).getByText('Thank you, Maria!')).toBeTruthy();
    expect(server.callsTo(`${VENDOR_PATH}/reviews`)).toHaveLength(0);

    fireEvent.click(within(reviews).getByRole('button', { name: 'More reviews' }));
    expect(await within(reviews).findByText('Lovely lemon cake')).toBeTruthy();
    expect(server.callsTo(`${VENDOR_PATH}/reviews`).map((call) => call.url)).toEqual([`${VENDOR_PATH}/reviews?cursor=cursor-2`]);
    fireEvent.click(within(reviews).getByRole('button', { name: 'More reviews' }));
    expect(await within(reviews).findByText('The last one')).toBeTruthy();
    expect(server.callsTo(`${VENDOR_PATH}/reviews`).at(-1)?.url).toBe(`${VENDOR_PATH}/reviews?cursor=cursor-3`);
    await waitFor(() => expect(within(reviews).queryByRole('button', { name: 'More reviews' })).toBeNull());
    expect(within(reviews).getAllByText(/^Review body|Lovely lemon cake|The last one/)).toHaveLength(4);
  });

  it('when the page opens, then one view is counted; a click on Request a quote counts a click and opens the category form for this business', async () => {
    const server = serve(aPublicVendor());
    const router = open();
    await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' });
    await waitFor(() => expect(server.callsTo(`${VENDOR_PATH}/visits`).map((call) => call.body)).toEqual([{ kind: 'view' }]));

    const services = screen.getByRole('region', { name: 'Services' });
    fireEvent.click(within(services).getByRole('link', { name: 'Request a quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-quotes'));
    expect(router.state.location.search).toBe(`?category=bakery&vendor=${VENDOR_ID}`);
    expect(server.callsTo(`${VENDOR_PATH}/visits`).map((call) => call.body)).toEqual([{ kind: 'view' }, { kind: 'quote-click' }]);
  });

  it('when the visit cannot be counted, then the page shows as usual', async () => {
    const server = serve(aPublicVendor());
    server.on(`${VENDOR_PATH}/visits`, () => ({ status: 500, body: problem(500, 'Internal Server Error') }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo(`${VENDOR_PATH}/visits`)).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the business offers several categories, then the top Request a quote lets the couple pick one', async () => {
    const vendor = aPublicVendor();
    const florist = { id: 'florist', label: 'Florist', highlights: [], requestPath: `/request-quotes?category=florist&vendor=${VENDOR_ID}` };
    serve({ ...vendor, categories: [...vendor.categories, florist] });
    const router = open();
    await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' });
    fireEvent.click(screen.getByRole('button', { name: /Request a quote/ }));
    fireEvent.click(await screen.findByRole('link', { name: 'Florist' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?category=florist&vendor=${VENDOR_ID}`));
  });

  it("when the URL's slug is not the profile's, then the URL is replaced with the profile's path", async () => {
    serve(aPublicVendor());
    const router = open('old-name');
    await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/vendor-profile/${VENDOR_ID}/sweet-layers-bakery`));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('when the API does not know the business, then the not-found view shows, with a way to the directory', async () => {
    const server = serve(null);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find vendors' }).getAttribute('href')).toBe('/vendors');
    await act(async () => {});
    expect(server.callsTo(`${VENDOR_PATH}/visits`)).toHaveLength(0);
  });

  describe('with the PublicVendor the server embedded in the page', () => {
    const embed = (vendor: unknown) => {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = EMBEDDED_VENDOR_ELEMENT_ID;
      element.textContent = JSON.stringify(vendor);
      document.body.append(element);
      return element;
    };
    beforeEach(() => {
      // The page was requested just now (the embedded data's date).
      Object.defineProperty(performance, 'timeOrigin', { value: Date.now(), configurable: true });
    });
    afterEach(() => {
      document.getElementById(EMBEDDED_VENDOR_ELEMENT_ID)?.remove();
      Reflect.deleteProperty(performance, 'timeOrigin');
    });

    it("when its id is the page's, then the first render shows the vendor, with no skeleton and no request for it, and the element is taken", async () => {
      const server = serve(aPublicVendor({ name: 'From the API' }));
      const element = embed(aPublicVendor({ about: '</script><script>alert(1)</script>' }));
      const kept = document.createElement('div');
      kept.id = PRERENDERED_PAGE_ID;
      document.body.append(kept);
      open();
      // The server's page, on screen beside #root while the app started, goes in the same commit.
      expect(kept.isConnected).toBe(false);
      // Synchronously, right after the first render: no loading state in between.
      expect(screen.getByRole('heading', { level: 1, name: 'Sweet Layers Bakery' })).toBeTruthy();
      expect(document.querySelector('.ant-skeleton')).toBeNull();
      expect(screen.getByText('</script><script>alert(1)</script>')).toBeTruthy();
      expect(element.isConnected).toBe(false);
      await act(async () => {});
      await waitFor(() => expect(server.callsTo(`${VENDOR_PATH}/visits`)).toHaveLength(1));
      expect(server.callsTo(VENDOR_PATH)).toHaveLength(0);
      expect(screen.queryByText('From the API')).toBeNull();
    });

    it("when it is another business's or not a PublicVendor, then it is left aside and the page loads the vendor from the API", async () => {
      const server = serve(aPublicVendor());
      const other = embed(aPublicVendor({ vendorId: '11111111-2222-4333-8444-555555555555', name: 'Someone Else' }));
      open();
      expect(document.querySelector('.ant-skeleton')).not.toBeNull();
      expect(await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' })).toBeTruthy();
      expect(server.callsTo(VENDOR_PATH)).toHaveLength(1);
      expect(screen.queryByText('Someone Else')).toBeNull();
      expect(other.isConnected).toBe(true);
      other.remove();
      cleanup();

      const again = serve(aPublicVendor());
      embed({ vendorId: VENDOR_ID, name: 'Half a vendor' });
      open();
      expect(await screen.findByRole('heading', { level: 1, name: 'Sweet Layers Bakery' })).toBeTruthy();
      expect(again.callsTo(VENDOR_PATH)).toHaveLength(1);
      expect(screen.queryByText('Half a vendor')).toBeNull();
    });
  });
});
