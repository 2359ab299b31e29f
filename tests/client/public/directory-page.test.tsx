import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import DirectoryPage from '../../../client/src/features/public/directory-page';
import { http } from '../../../client/src/lib/api/http';
import { EMBEDDED_DIRECTORY_ELEMENT_ID } from '../../../shared/contracts/public-vendors';
import { aDirectoryVendor, problem, publicServer, renderPage } from './public-harness';

const LIST = '/api/public/vendors';

function page(data: ReturnType<typeof aDirectoryVendor>[], nextCursor: string | null, total: number, place = 'Austin, TX') {
  return { status: 200, body: { data, nextCursor, total, category: { id: 'bakery', label: 'Bakery' }, place } };
}

/** A directory of three Austin bakeries, two to a page; Dallas has none; "Nowhere, ZZ" is no place. */
function serveDirectory() {
  const server = publicServer();
  server.on(LIST, (query) => {
    if (query.get('place') === 'nowhere, ZZ')
      return {
        status: 400,
        body: problem(400, 'Bad Request', { detail: 'The search is not valid.', errors: [{ path: 'place', message: 'We do not know "nowhere, ZZ"' }] }),
      };
    if (query.get('place') === 'dallas, TX') return page([], null, 0, 'Dallas, TX');
    return query.get('cursor') === 'next' ? page([aDirectoryVendor(3)], null, 3) : page([aDirectoryVendor(1), aDirectoryVendor(2)], 'next', 3);
  });
  return server;
}

let original: AxiosAdapter | undefined;

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('<DirectoryPage>', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
  });
  afterEach(() => {
    cleanup();
    http.defaults.adapter = original;
  });

  it('when a couple chooses a category and a place and searches, then the URL becomes /vendors/<category>/<place slug>', async () => {
    const server = serveDirectory();
    const router = renderPage('vendors', <DirectoryPage />, '/vendors');
    expect(screen.getByRole('heading', { level: 1, name: 'Find wedding and event vendors' })).toBeTruthy();
    await choose('What do you need?', 'Bakery');
    fireEvent.change(screen.getByRole('textbox', { name: 'Where is your event?' }), { target: { value: 'Austin, TX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendors/bakery/austin-tx'));
    expect(router.state.location.search).toBe('');
    await screen.findByRole('link', { name: 'Bakery 1' });
    expect(server.callsTo(LIST).map((call) => call.url)).toEqual([`${LIST}?category=bakery&place=austin%2C+TX&sort=rating`]);
  });

  it('when the page opens from a category link (/vendors?category=bakery), then that kind of vendor is already chosen', async () => {
    serveDirectory();
    const router = renderPage('vendors', <DirectoryPage />, '/vendors?category=bakery');
    fireEvent.change(screen.getByRole('textbox', { name: 'Where is your event?' }), { target: { value: 'Austin, TX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendors/bakery/austin-tx'));
  });

  it('when the category link names no category, then nothing is chosen and searching asks for one', async () => {
    const server = serveDirectory();
    const router = renderPage('vendors', <DirectoryPage />, '/vendors?category=spaceships');
    fireEvent.change(screen.getByRole('textbox', { name: 'Where is your event?' }), { target: { value: 'Austin, TX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Choose what you are looking for')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/vendors');
    expect(server.callsTo(LIST)).toHaveLength(0);
  });

  it('when the place is not written as a place, then the field says so and nothing is searched', async () => {
    const server = serveDirectory();
    const router = renderPage('vendors', <DirectoryPage />, '/vendors');
    await choose('What do you need?', 'Bakery');
    fireEvent.change(screen.getByRole('textbox', { name: 'Where is your event?' }), { target: { value: 'Austin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Write a US city as "Austin, TX", or a 5-digit ZIP code')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/vendors');
    expect(server.callsTo(LIST)).toHaveLength(0);
  });

  it('when results load, then each card shows the picture, name linking to the profile, city and distance, stars and count, response time, highlights and Request a quote; Load more adds the next page', async () => {
    serveDirectory();
    renderPage('vendors', <DirectoryPage />, '/vendors/bakery/austin-tx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bakeries serving Austin, TX' })).toBeTruthy();
    expect(screen.getByText('3 bakeries serve Austin, TX')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Bakery 1' });
    expect(within(card).getByRole('link', { name: 'Bakery 1' }).getAttribute('href')).toBe('/vendor-profile/0b9e6c1e-2f0a-4c55-9b1e-000000000001/bakery-1');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/uploads/1.jpg');
    expect(card.querySelector('img')?.getAttribute('width')).toBe('96');
    expect(within(card).getByText(/Austin, TX · 13 mi away/)).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(within(card).getByText(/11 reviews/)).toBeTruthy();
    expect(within(card).getByText(/Usually responds within 2 hours/)).toBeTruthy();
    expect(within(card).getByText('Cakes from $1.00 a slice')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Request a quote from Bakery 1' }).getAttribute('href')).toBe(
      '/request-quotes?category=bakery&vendor=0b9e6c1e-2f0a-4c55-9b1e-000000000001',
    );
    expect(within(screen.getByRole('article', { name: 'Bakery 2' })).queryByText(/Usually responds/)).toBeNull();
    expect(screen.queryByRole('article', { name: 'Bakery 3' })).toBeNull();
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Bakery 3' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Bakeries in Austin, TX | Vowly Pro'));
  });

  it("when a couple clicks a card's Request a quote, then the business's quote click is counted and the request form opens for it", async () => {
    const server = serveDirectory();
    const visits = '/api/public/vendors/0b9e6c1e-2f0a-4c55-9b1e-000000000001/visits';
    server.on(visits, () => ({ status: 204 }));
    const router = renderPage('vendors', <DirectoryPage />, '/vendors/bakery/austin-tx');
    const card = await screen.findByRole('article', { name: 'Bakery 1' });
    fireEvent.click(within(card).getByRole('link', { name: 'Request a quote from Bakery 1' }));
    await waitFor(() => expect(server.callsTo(visits).map((call) => call.body)).toEqual([{ kind: 'quote-click' }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-quotes'));
  });

  it('when another sort is chosen, then the URL and the search carry it', async () => {
    const server = serveDirectory();
    const router = renderPage('vendors', <DirectoryPage />, '/vendors/bakery/austin-tx');
    await screen.findByRole('article', { name: 'Bakery 1' });
    await choose('Sort by', 'Nearest');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=distance'));
    await waitFor(() => expect(server.callsTo(LIST).at(-1)?.url).toBe(`${LIST}?category=bakery&place=austin%2C+TX&sort=distance`));
  });

  it('when no vendor serves the place, then the page says so and suggests a wider place', async () => {
    serveDirectory();
    renderPage('vendors', <DirectoryPage />, '/vendors/bakery/dallas-tx');
    expect(await screen.findByText('No bakeries serve Dallas, TX yet. Try a nearby larger city or a ZIP code.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('when the API refuses the place, then its message shows on the place field', async () => {
    serveDirectory();
    renderPage('vendors', <DirectoryPage />, '/vendors/bakery/nowhere-zz');
    expect(await screen.findByText('We do not know "nowhere, ZZ"')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Where is your event?' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('article')).toBeNull();
  });

  describe('with the page the server embedded in its directory page', () => {
    const embed = (data: unknown) => {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = EMBEDDED_DIRECTORY_ELEMENT_ID;
      element.textContent = JSON.stringify(data);
      document.body.append(element);
      return element;
    };
    const firstPage = page([aDirectoryVendor(1), aDirectoryVendor(2)], 'next', 3).body;
    beforeEach(() => {
      Object.defineProperty(performance, 'timeOrigin', { value: Date.now(), configurable: true });
    });
    afterEach(() => {
      document.getElementById(EMBEDDED_DIRECTORY_ELEMENT_ID)?.remove();
      Reflect.deleteProperty(performance, 'timeOrigin');
    });

    it('when it answered this search, then the first render shows its cards without a request, and Load more goes on from its cursor', async () => {
      const server = serveDirectory();
      const element = embed({ category: 'bakery', place: 'austin, TX', sort: 'rating', page: firstPage });
      renderPage('vendors', <DirectoryPage />, '/vendors/bakery/austin-tx');
      expect(screen.getByRole('article', { name: 'Bakery 1' })).toBeTruthy();
      expect(document.querySelector('.ant-skeleton')).toBeNull();
      expect(element.isConnected).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('article', { name: 'Bakery 3' })).toBeTruthy();
      expect(server.callsTo(LIST).map((call) => call.url)).toEqual([`${LIST}?category=bakery&place=austin%2C+TX&sort=rating&cursor=next`]);
    });

    it('when it answered the later page the URL names (?cursor=), then the first render shows that page without a request, and Load more goes on from its cursor', async () => {
      const server = serveDirectory();
      const element = embed({ category: 'bakery', place: 'austin, TX', sort: 'rating', cursor: 'second', page: page([aDirectoryVendor(2)], 'next', 3).body });
      renderPage('vendors', <DirectoryPage />, '/vendors/bakery/austin-tx?cursor=second');
      expect(screen.getByRole('article', { name: 'Bakery 2' })).toBeTruthy();
      expect(screen.queryByRole('article', { name: 'Bakery 1' })).toBeNull();
      expect(document.querySelector('.ant-skeleton')).toBeNull();
      expect(element.isConnected).toBe(false);
      // "Showing 1 of 3" would be wrong: the list starts after the first page.
      expect(screen.queryByText(/^Showing/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('article', { name: 'Bakery 3' })).toBeTruthy();
      expect(server.callsTo(LIST).map((call) => call.url)).toEqual([`${LIST}?category=bakery&place=austin%2C+TX&sort=rating&cursor=next`]);
    });

    it('when it answered the first page but the URL names a later one, then the page asks the API for that one', async () => {
      const server = serveDirectory();
      const element = embed({ category: 'bakery', place: 'austin, TX', sort: 'rating', page: firstPage });
      renderPage('vendors', <DirectoryPage />, '/vendors/bakery/austin-tx?cursor=next');
      expect(await screen.findByRole('article', { name: 'Bakery 3' })).toBeTruthy();
      expect(screen.queryByRole('article', { name: 'Bakery 1' })).toBeNull();
      expect(server.callsTo(LIST).map((call) => call.url)).toEqual([`${LIST}?category=bakery&place=austin%2C+TX&sort=rating&cursor=next`]);
      expect(element.isConnected).toBe(true);
    });

    it('when it answered another search, then the page searches the API as usual', async () => {
      const server = serveDirectory();
      const element = embed({ category: 'bakery', place: 'austin, TX', sort: 'distance', page: page([aDirectoryVendor(9)], null, 1).body });
      renderPage('vendors', <DirectoryPage />, '/vendors/bakery/austin-tx');
      expect(await screen.findByRole('article', { name: 'Bakery 1' })).toBeTruthy();
      expect(screen.queryByRole('article', { name: 'Bakery 9' })).toBeNull();
      expect(server.callsTo(LIST)).toHaveLength(1);
      expect(element.isConnected).toBe(true);
    });
  });
});
