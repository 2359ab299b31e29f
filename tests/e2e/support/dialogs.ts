import { expect, type Locator, type Page } from '@playwright/test';
import { settleAnimationsOf } from './axe';

/**
 * Clicks a dialog's button once the dialog has finished opening: Playwright aims from the box it
 * measures, and on a loaded machine a box measured during antd's zoom-in is not where the button
 * ends up, so the click can land beside it (seen as a dialog still open after "Spend 2 credits").
 */
export async function answerDialog(dialog: Locator, button: string | RegExp): Promise<void> {
  await expect(dialog).toBeVisible();
  await settleAnimationsOf(dialog);
  await dialog.getByRole('button', { name: button }).click();
}

/**
 * Opens a select and clicks one of its options once the list has finished opening. A click aimed
 * during the list's slide-in misses its first try; Playwright then scrolls the page to aim again,
 * and a list placed above its field flips below it on that scroll, between the press and the
 * release (seen as "Choose a topic" after a topic was clicked on a phone).
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  const choice = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option });
  await expect(choice).toBeVisible();
  await settleAnimationsOf(choice);
  await choice.click();
}
