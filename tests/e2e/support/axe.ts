import axe from 'axe-core';
import type { Locator, Page } from '@playwright/test';

/** axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules (2.2 adds the target size, 2.5.8). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A finding as a test reports it: the rule, how bad, what it asks, and the first five elements. */
export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The serious and critical findings of axe on the page as it is now (lesser ones do not fail a test).
 * axe runs in the page itself (the app has no frames to gather results from). Its source, 580 kB, is
 * evaluated once per document: the signed-in pages are reached by in-app navigation, so one document
 * serves a whole pass of every-page.spec.ts, where @axe-core/playwright evaluated it twice per
 * check. Only the violations come back, already cut down to what a test prints: axe's full result
 * lists every passing element too, all of it serialised back to the test.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const results = await inPage.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  }, WCAG_TAGS);
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
