import { expect, type Page } from '@playwright/test';
import { seriousViolations, settleAnimations } from './axe';

/** axe (WCAG 2.2 AA) on the page at rest (pointer off the last button, no skeleton, no animation): nothing serious. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
  await settleAnimations(page);
  expect(await seriousViolations(page), what).toEqual([]);
}

/**
 * Nothing is wider than the window: no sideways scrolling on a phone. Polled: after a viewport
 * change the shell re-lays itself out (the sidebar becomes the overlay menu) a render later, and
 * a width read in between measured the desktop layout.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect.poll(overflow, { message: `${what}: the page is no wider than the window` }).toBeLessThanOrEqual(0);
}
