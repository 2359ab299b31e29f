import { expect, type Locator } from '@playwright/test';
import { settleAnimationsOf } from './axe';

/**
 * Clicks a dialog's button once the dialog has finished opening: Playwright aims from the box it
 * measures, and on a loaded machine a box measured during antd's zoom-in is not where the button
 * ends up, so the click can land beside it (seen as a dialog still open after "Spend 2 credits").
 */
export async function answerDialog(dialog: Locator, button: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await settleAnimationsOf(dialog);
  await dialog.getByRole('button', { name: button }).click();
}
