import type { LayoutSettings } from '../../../../shared/contracts/app-config';
import { LAYOUT_STORAGE_KEY, SKIN_STORAGE_KEY, layoutWith } from './layout-settings';

/**
 * The layout to start with (`readLayout` of read-layout.ts): its check of the stored values
 * (zod) is fetched only when the vendor has kept a layout, so a first visit's sign-in page does
 * without it.
 */
export async function initialLayout(defaults: LayoutSettings, storage: Storage): Promise<LayoutSettings> {
  if (storage.getItem(SKIN_STORAGE_KEY) === null && storage.getItem(LAYOUT_STORAGE_KEY) === null) return layoutWith(defaults, {});
  const { readLayout } = await import('./read-layout');
  return readLayout(defaults, storage);
}
