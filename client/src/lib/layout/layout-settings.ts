import type { LayoutSettings } from '../../../../shared/contracts/app-config';

/** Where the skin preference is kept (docs/specification.md §3); `public/boot-skin.js` reads it before first paint. */
export const SKIN_STORAGE_KEY = 'vowly-skin';
/** Where the other layout settings the vendor changed are kept. */
export const LAYOUT_STORAGE_KEY = 'vowly-layout';

/** A change to the layout: any top-level setting, and any part of the nested ones. */
export interface LayoutChange {
  skin?: LayoutSettings['skin'];
  isRTL?: boolean;
  type?: LayoutSettings['type'];
  contentWidth?: LayoutSettings['contentWidth'];
  routerTransition?: LayoutSettings['routerTransition'];
  menu?: Partial<LayoutSettings['menu']>;
  navbar?: Partial<LayoutSettings['navbar']>;
  footer?: Partial<LayoutSettings['footer']>;
  enableScrollToTop?: boolean;
}

/**
 * Applies a change. The semi-dark skin darkens the vertical menu only, so switching the layout
 * type to horizontal while it is on sets the skin to light.
 */
export function changeLayout(current: LayoutSettings, change: LayoutChange): LayoutSettings {
  const next: LayoutSettings = {
    ...current,
    ...change,
    menu: { ...current.menu, ...change.menu },
    navbar: { ...current.navbar, ...change.navbar },
    footer: { ...current.footer, ...change.footer },
  };
  if (change.type === 'horizontal' && next.skin === 'semi-dark') next.skin = 'light';
  return next;
}

/** The layout that `stored` (the vendor's kept changes, already checked) makes of the defaults. */
export function layoutWith(defaults: LayoutSettings, stored: LayoutChange): LayoutSettings {
  const merged = changeLayout(defaults, stored);
  // The stored type may be horizontal from before the skin was stored: keep the rule.
  return merged.type === 'horizontal' && merged.skin === 'semi-dark' ? { ...merged, skin: 'light' } : merged;
}

/** Keeps the vendor's layout: the skin under its own key (read before first paint), the rest as JSON. */
export function storeLayout(settings: LayoutSettings, storage: Storage): void {
  const { skin, customizer: _customizer, ...rest } = settings;
  try {
    storage.setItem(SKIN_STORAGE_KEY, skin);
    storage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(rest));
  } catch {
    // Private mode or a full quota: the layout still applies to this visit.
  }
}

/** Forgets the vendor's layout, so the operator's defaults apply again. */
export function clearLayout(storage: Storage): void {
  storage.removeItem(SKIN_STORAGE_KEY);
  storage.removeItem(LAYOUT_STORAGE_KEY);
}

/** Bootstrap's breakpoints by name (docs/specification.md §9 names xs to xl): the minimum width of each. */
export const BREAKPOINT_MIN_WIDTH = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export type Breakpoint = keyof typeof BREAKPOINT_MIN_WIDTH;

/** The widest of `names` whose minimum width `width` reaches. */
export function breakpointOf(width: number, names: readonly Breakpoint[]): Breakpoint {
  let current: Breakpoint = names[0] ?? 'xs';
  for (const name of names) if (width >= BREAKPOINT_MIN_WIDTH[name] && BREAKPOINT_MIN_WIDTH[name] >= BREAKPOINT_MIN_WIDTH[current]) current = name;
  return current;
}

/** Below lg the vertical menu is an overlay over the page (docs/specification.md §3's overlay flag). */
export function isOverlayWidth(width: number): boolean {
  return width < BREAKPOINT_MIN_WIDTH.lg;
}
