import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openAndSettle } from '../../e2e/support/session';
import { homeRouteForRole } from '../../../shared/guard/home-route-for-role';
import { GUARD_ROUTES } from '../../../shared/guard/rule-ids';

/** A unique address per call, so tests never share accounts. */
export function uniqueEmail(prefix = 'vendor'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A password no breach list has. */
export const GOOD_PASSWORD = 'lavender-arch-7731';

/** Waits for the newest outbox mail to `to` and returns the first link in it to this app. */
export async function linkFromOutbox(request: APIRequestContext, to: string, pathPrefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
      const { data } = (await response.json()) as { data: { text_body: string }[] };
      link = data.map((m) => new RegExp(`https?://[^\\s]+${pathPrefix}[^\\s]+`).exec(m.text_body)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link as string).pathname;
}

/**
 * Fresh bearer headers for the account of `email`, signed in through the API (the e2e server's
 * access tokens live 4 s, so a token from earlier may have expired).
 */
export async function bearerOf(request: APIRequestContext, email: string, password = GOOD_PASSWORD): Promise<{ Authorization: string }> {
  const signedIn = await request.post('/api/login', { data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { Authorization: `Bearer ${((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/**
 * Opens a page of the app's origin that runs none of its code (robots.txt), so that a test can set
 * localStorage before the app's first load without paying for a load of the app itself.
 */
export async function openOrigin(page: Page): Promise<void> {
  await page.goto('/robots.txt');
}

/**
 * Signs the browser in as `email` for a test whose subject comes after signing in: signed in
 * through the API and the session stored as the sign-in screen stores it (its own specs drive
 * that screen), then `path` is opened (by default where the sign-in screen sends that role:
 * `homeRouteForRole`, an owner on to the dashboard) and the router left to settle on the page it
 * renders. Returns where it landed (the guard may send a new vendor on to onboarding).
 */
export async function signIn(page: Page, email: string, password = GOOD_PASSWORD, path?: string): Promise<{ pathname: string; route: string }> {
  const signedIn = await page.request.post('/api/login', { data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { data } = (await signedIn.json()) as {
    data: { accessToken: string; refreshToken: string; refreshExpiresAt?: number; vendor: { role: string } };
  };
  await openOrigin(page);
  await page.evaluate((session) => {
    localStorage.removeItem('vendorRefreshExpiresAt');
    localStorage.setItem('vendorAccessToken', session.accessToken);
    localStorage.setItem('vendorRefreshToken', session.refreshToken);
    if (session.refreshExpiresAt !== undefined && session.refreshExpiresAt > Date.now())
      localStorage.setItem('vendorRefreshExpiresAt', String(session.refreshExpiresAt));
    localStorage.setItem('vendorData', JSON.stringify(session.vendor));
  }, data);
  const home = homeRouteForRole(data.vendor.role) === GUARD_ROUTES.accessControl ? '/access-control' : '/dashboard';
  return openAndSettle(page, path ?? home);
}

/** Signs in through the login screen. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Registers through the sign-up screen. */
export async function registerThroughUi(page: Page, input: { businessName: string; email: string; password: string }): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Business name').fill(input.businessName);
  await page.getByLabel('Email').fill(input.email);
  await page.getByLabel('Password', { exact: true }).fill(input.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The session keys in localStorage. */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    keys: Object.keys(localStorage).sort(),
    accessToken: localStorage.getItem('vendorAccessToken'),
    refreshToken: localStorage.getItem('vendorRefreshToken'),
    vendor: JSON.parse(localStorage.getItem('vendorData') ?? 'null') as Record<string, unknown> | null,
  }));
}
