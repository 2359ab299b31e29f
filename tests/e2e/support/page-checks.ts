import { expect, type Page } from '@playwright/test';
import { seriousViolations, settleAnimations } from './axe';

/** axe (WCAG 2.2 AA) on the page at rest (pointer off the last button, no skeleton, no animation): nothing serious. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
  await settleAnimations(page);
  expect(await seriousViolations(page), what).toEqual([]);
}

/** Nothing is wider than the window: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${what}: the page is no wider than the window`).toBeLessThanOrEqual(widths.window);
}
