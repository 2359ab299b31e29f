import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

/** axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules (2.2 adds the target size, 2.5.8). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The serious and critical findings of axe on the page as it is now (lesser ones do not fail a test).
 * Legacy mode runs axe in the page itself: the default opens a new blank page for every check to
 * gather the frames' results in, which only cross-origin frames need (the app has no frames). In
 * two stressed runs of the whole suite, the five every-page passes took 6.5 minutes with it against
 * 10.9 without, and the browser suite 12.8 against 17.0 (2026-12-05).
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/**
 * Waits until the page's entrance animations are over, so colours are measured as the vendor sees
 * them. Endless ones (a spinner, a skeleton's shimmer) never end and are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/**
 * Waits until what `element` draws has stopped moving (its own and its descendants' animations,
 * and those of the dialog, drawer or popup list around it), so a click aimed from its box lands
 * where it ends up. Animations elsewhere on the page (a hover fading on the menu) are not waited for.
 */
export async function settleAnimationsOf(element: Locator): Promise<void> {
  await element.evaluate(async (node) => {
    const root = node.closest('.ant-modal-root, .ant-drawer, .ant-select-dropdown, .ant-dropdown') ?? node;
    const moving = root.getAnimations({ subtree: true }).filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
  });
}
