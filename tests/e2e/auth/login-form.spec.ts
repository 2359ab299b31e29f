import { expect, test } from '../support/test';
import { openAndSettle } from '../support/session';

test('when the sign-in form is sent empty, then each field says what it needs and the email field takes the focus', async ({ page }) => {
  await openAndSettle(page, '/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAccessibleDescription('Enter your email address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Enter your password');
  await expect(email).toBeFocused();

  await email.fill('someone@example');
  await page.getByLabel('Password', { exact: true }).click();
  await expect(email).toHaveAccessibleDescription('Invalid email address');
  await email.fill('someone@example.com');
  await expect(email).toHaveAttribute('aria-invalid', 'false');
});

test('when the vendor asks to see the password, then it shows, and hides again', async ({ page }) => {
  await openAndSettle(page, '/');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('wedding-cake-2026');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('when the sign-in page opens, then no antd code is downloaded until the vendor moves on', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await openAndSettle(page, '/');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const antdChunks = await page.evaluate(() => document.querySelectorAll('style[data-css-hash], style[data-rc-order]').length);
  expect(antdChunks).toBe(0);
  expect(scripts.some((path) => /app-providers|shell-layout/.test(path))).toBe(false);

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  expect(scripts.some((path) => /app-providers/.test(path))).toBe(true);
});

test('when the sign-in pages open, then their text is in the system sans-serif, links are in the brand colour and underlined in sentences, and the keyboard focus shows a ring', async ({
  page,
}) => {
  for (const path of ['/', '/register', '/forgot-password']) {
    await openAndSettle(page, path);
    const footer = page.locator('.auth-card__footer');
    const text = await footer.evaluate((node) => getComputedStyle(node).fontFamily);
    expect(text, path).toMatch(/^system-ui/);
    expect(text, path).toMatch(/sans-serif$/);
    const link = footer.getByRole('link').first();
    const look = await link.evaluate((node) => ({ color: getComputedStyle(node).color, line: getComputedStyle(node).textDecorationLine }));
    expect(look, path).toEqual({ color: 'rgb(99, 86, 232)', line: 'underline' });
  }
  await openAndSettle(page, '/');
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    return focused.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
  });
  expect(ring).toBe(true);
});
