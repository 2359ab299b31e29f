import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations, settleAnimations } from '../support/axe';
import { keepScreenshot } from '../support/screenshots';
import { navigateInApp, openAndSettle } from '../support/session';
import { openOrigin, signIn } from '../../support/browser/accounts';

/** The demo bakery the e2e server seeds: an onboarded vendor whose every page renders with content. */
const DEMO = { email: 'demo@vowly.test', password: 'wedding-cake-2026' };

const PASSES = [
  { width: 1280, skin: 'light', rtl: false },
  { width: 1280, skin: 'dark', rtl: false },
  { width: 375, skin: 'light', rtl: false },
  { width: 375, skin: 'dark', rtl: false },
  { width: 1280, skin: 'light', rtl: true },
] as const;

/** Pages a phone user meets first, kept as screenshots (light skin, 375 px). */
const PHONE_SCREENSHOTS: Record<string, string> = {
  '/': 'phone-sign-in',
  '/update-photography-settings': 'phone-form-with-array',
  '/auto-response/bakery': 'phone-compulsory-screen',
  '/update-bakery-settings': 'phone-bakery-form',
  '/request-quotes': 'phone-request-quotes',
};

interface RouteEntry {
  path: string;
  meta: { requiresAuth?: boolean };
}

/** Every page of the route table the demo vendor can open: those without parameters, and its own listing. */
async function signedInPaths(page: Page): Promise<string[]> {
  const { routes } = (await (await page.request.get('/api/config/routes')).json()) as { routes: RouteEntry[] };
  const vendorId = await page.evaluate(() => (JSON.parse(localStorage.getItem('vendorData') ?? '{}') as { vendor_id?: string }).vendor_id);
  return [...routes.filter((r) => r.meta.requiresAuth && !r.path.includes(':')).map((r) => r.path), `/bakery/${vendorId}`];
}

/**
 * Texts on the page that read in the wrong order: a sentence whose full stop is drawn before its
 * first word, or a counter drawn as "2000 / 79". Measured from where the browser draws the characters.
 */
async function misorderedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const boxOf = (node: Text, offset: number) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect();
    };
    const xOf = (node: Text, offset: number) => boxOf(node, offset).x;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const trimmed = node.data.trimEnd();
      const first = trimmed.search(/[A-Za-z]/);
      if (first < 0 || trimmed.length < 8 || !/[A-Za-z][.!?]$/.test(trimmed) || !node.parentElement?.checkVisibility()) continue;
      // A sentence whose first letter and full stop share a line: the stop is drawn after the letter.
      const [start, stop] = [boxOf(node, first), boxOf(node, trimmed.length - 1)];
      if (Math.abs(start.top - stop.top) < 2 && stop.x < start.x) bad.push(trimmed);
    }
    // A counter "79 / 2000": the count is drawn left of the limit.
    for (const counter of document.querySelectorAll('.form-counter, .ant-input-data-count')) {
      if (!counter.checkVisibility()) continue;
      const digits: { node: Text; offset: number }[] = [];
      const inside = document.createTreeWalker(counter, NodeFilter.SHOW_TEXT);
      for (let node = inside.nextNode() as Text | null; node; node = inside.nextNode() as Text | null) {
        for (const match of node.data.matchAll(/\d+/g)) digits.push({ node, offset: match.index });
      }
      const [count, limit] = digits;
      if (digits.length === 2 && count && limit && xOf(count.node, count.offset) > xOf(limit.node, limit.offset)) bad.push(counter.textContent ?? '');
    }
    return bad;
  });
}

/**
 * On a phone: controls fixed over the content (a floating button covering a title or a field), and
 * checkbox or radio rows shorter than 32 px. Drawers, dialogs and toasts float by design.
 */
async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const floating =
      '.ant-drawer, .ant-modal-root, .ant-message, .ant-notification, .ant-select-dropdown, .ant-dropdown, .ant-tooltip, .ant-popover, #app-loading';
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(el).position !== 'fixed' || el.closest(floating) || !el.checkVisibility()) continue;
      problems.push(`fixed over the content: ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    }
    for (const row of document.querySelectorAll<HTMLElement>('.ant-checkbox-wrapper, .ant-radio-wrapper')) {
      const height = row.getBoundingClientRect().height;
      if (row.checkVisibility() && height < 32) problems.push(`a ${Math.round(height)} px tall choice: ${row.textContent ?? ''}`);
    }
    return problems;
  });
}

const PUBLIC_PATHS = [
  '/',
  '/register',
  '/forgot-password',
  '/register-with-token/not-a-real-invitation-token',
  '/reset-password/not-a-real-reset-token',
  '/error-404',
  '/request-quotes',
  '/requests/not-a-real-request-link',
];

for (const { width, skin, rtl } of PASSES) {
  const layout = `at ${width} px in the ${skin} skin${rtl ? ', right to left' : ''}`;
  test(`when every page is opened ${layout}, then axe (WCAG 2.2 AA) finds nothing serious, no page logs an error${rtl ? ', and every text reads in order' : ''}`, async ({
    page,
  }, testInfo) => {
    // Every page of the app in one pass: about 4 minutes on the loaded 2-core machine.
    test.setTimeout(360_000);
    await page.setViewportSize({ width, height: 800 });
    await openOrigin(page);
    await page.evaluate(
      ({ value, isRTL }) => {
        localStorage.setItem('vowly-skin', value);
        if (isRTL) localStorage.setItem('vowly-layout', JSON.stringify({ isRTL }));
      },
      { value: skin, isRTL: rtl },
    );
    const findings: Record<string, unknown> = {};
    const check = async (path: string) => {
      // What loads after the page (forms, lists) is checked once it is there, not its skeleton.
      await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
      await settleAnimations(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) findings[path] = violations;
      if (width < 576) {
        const problems = await phoneProblems(page);
        if (problems.length > 0) findings[`${path} (phone)`] = problems;
      }
      if (rtl) {
        const misordered = await misorderedTexts(page);
        if (misordered.length > 0) findings[`${path} (reading order)`] = misordered;
      }
      const shot = PHONE_SCREENSHOTS[path];
      if (shot && width === 375 && skin === 'light') await keepScreenshot(page, testInfo, shot);
      if (rtl && path === '/update-bakery-settings') await keepScreenshot(page, testInfo, 'rtl-bakery-form');
    };

    for (const path of PUBLIC_PATHS) {
      await openAndSettle(page, path);
      await check(path);
    }

    await signIn(page, DEMO.email, DEMO.password);
    const seen = new Set<string>();
    for (const path of await signedInPaths(page)) {
      const { pathname } = await navigateInApp(page, path);
      // Pages the guard sends elsewhere (the sign-in pages, onboarding) are checked where they land, once.
      if (seen.has(pathname)) continue;
      seen.add(pathname);
      await check(pathname);
    }
    expect(seen.size).toBeGreaterThan(40);
    expect(findings).toEqual({});
  });
}
