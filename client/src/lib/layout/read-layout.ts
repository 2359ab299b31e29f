import { layoutSettingsSchema, type LayoutSettings } from '../../../../shared/contracts/app-config';
import { LAYOUT_STORAGE_KEY, SKIN_STORAGE_KEY, layoutWith } from './layout-settings';

const storedSchema = layoutSettingsSchema.omit({ customizer: true, skin: true }).partial().extend({
  menu: layoutSettingsSchema.shape.menu.partial().optional(),
  navbar: layoutSettingsSchema.shape.navbar.partial().optional(),
  footer: layoutSettingsSchema.shape.footer.partial().optional(),
});

function readJson(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/**
 * The layout to start with: the defaults of `app.json` with what the vendor changed on top.
 * Stored values that no longer fit (an old version, a hand edit) are ignored, not trusted.
 * Whether the customizer is offered is the operator's choice and is never stored.
 */
export function readLayout(defaults: LayoutSettings, storage: Storage): LayoutSettings {
  const stored = storedSchema.safeParse(readJson(storage, LAYOUT_STORAGE_KEY));
  const skin = layoutSettingsSchema.shape.skin.safeParse(storage.getItem(SKIN_STORAGE_KEY));
  return layoutWith(defaults, { ...(stored.success ? stored.data : {}), ...(skin.success ? { skin: skin.data } : {}) });
}
