import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, signInThroughUi, storedSession, uniqueEmail } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';

/** Makes this page's sign-in requests come from `address`, as if the browser sat on another network (the server trusts X-Forwarded-For from loopback). */
async function fromAddress(page: Page, address: string): Promise<void> {
  await page.route('**/api/login', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
}

test('when a vendor signs out, then the access token the browser held stops working at once', async ({ page, request }) => {
  const owner = await aVendor(request, { name: 'Willow Lane Florals' });
  // The browser tests' tokens live 4 s, so a token read back and sent again can expire on a busy
  // machine before it is checked: take the token of a request the server has just accepted.
  const accepted = page.waitForResponse(
    (response) => response.url().endsWith('/api/vendor/me') && response.status() === 200 && !!response.request().headers()['authorization'],
  );
  await signInThroughUi(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const heldAuthorization = (await accepted).request().headers()['authorization'] ?? '';
  expect(heldAuthorization).toMatch(/^Bearer \S+$/);

  await page.getByRole('button', { name: /Account menu for Willow Lane Florals/ }).click();
  const { refreshToken } = await storedSession(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await expect.poll(async () => (await request.get('/api/vendor/me', { headers: { Authorization: heldAuthorization } })).status()).toBe(401);
  // A refresh token lives for days, so its refusal shows the session itself ended, not a token's time.
  expect((await request.post('/jwt/refresh-token', { data: { refreshToken } })).status()).toBe(401);
});

test('when a vendor signs out and reloads at once, then the sign-in page shows and the session is revoked on the server', async ({ page, request }) => {
  const owner = await aVendor(request, { name: 'Bramble & Bloom' });
  await signInThroughUi(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /Account menu for Bramble & Bloom/ }).click();
  const { refreshToken } = await storedSession(page);
  // The server holds its answer to the revocation: the reload below lands while it is still on its way.
  let releaseLogout: () => void = () => {};
  const logoutHeld = new Promise<void>((resolve) => (releaseLogout = resolve));
  let logoutSeen: () => void = () => {};
  const logoutSent = new Promise<void>((resolve) => (logoutSeen = resolve));
  await page.route('**/jwt/logout', async (route) => {
    logoutSeen();
    await logoutHeld;
    await route.continue().catch(() => undefined);
  });

  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await logoutSent;
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect((await storedSession(page)).keys).toEqual([]);
  releaseLogout();
  await expect.poll(async () => (await request.post('/jwt/refresh-token', { data: { refreshToken } })).status()).toBe(401);
});

test('when strangers guess an owner’s password from many addresses, then a new device is asked to wait and the owner’s usual one signs in', async ({
  browser,
  request,
}) => {
  const owner = await aVendor(request, { name: 'Juniper Row Flowers' });
  const home = await browser.newPage();
  await fromAddress(home, '198.51.100.10');
  await signInThroughUi(home, owner.email, owner.password);
  await expect(home).toHaveURL(/\/dashboard$/);
  await home.evaluate(() => localStorage.clear());

  for (let i = 0; i < 11; i += 1) {
    const guess = await request.post('/api/login', {
      data: { email: owner.email, password: `guess-number-${i}-xyz` },
      headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
    });
    expect(guess.status()).toBe(401);
  }

  const phone = await browser.newPage();
  await fromAddress(phone, '198.51.100.77');
  // The answer first: a failure then says whether the server refused the new device or the page lost the reply.
  const refused = phone.waitForResponse((response) => response.url().endsWith('/api/login'));
  await signInThroughUi(phone, owner.email, owner.password);
  expect((await refused).status()).toBe(429);
  await expect(phone.getByRole('alert')).toContainText(/many failed sign-ins, so new devices must wait between attempts\. Try again in \d+ seconds/);
  await expect(phone).toHaveURL(/\/$/);

  await signInThroughUi(home, owner.email, owner.password);
  await expect(home).toHaveURL(/\/dashboard$/);
  await phone.close();
  await home.close();
});

test('when an owner has sent 20 invitations this hour, then the next one is refused under the email field with when to try again', async ({
  page,
  request,
}) => {
  const owner = await aVendor(request, { name: 'Foxglove Floral Studio' });
  for (let i = 0; i < 20; i += 1) {
    expect((await request.post('/api/team/invitations', { data: { email: uniqueEmail('crew') }, headers: owner.headers })).status()).toBe(201);
  }
  await signIn(page, owner.email, owner.password, '/settings');

  const teammate = uniqueEmail('one-more');
  await page.getByLabel('Email of the person to invite').fill(teammate);
  await page.getByRole('button', { name: 'Send invitation' }).click();

  await expect(page.getByText(/You have sent 20 invitations in the last hour\. You can send the next one in \d+ minutes\./)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: teammate })).toHaveCount(0);
});
