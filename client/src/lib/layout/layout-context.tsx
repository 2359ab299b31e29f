import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LayoutSettings } from '../../../../shared/contracts/app-config';
import { breakpointOf, changeLayout, clearLayout, isOverlayWidth, storeLayout, type Breakpoint, type LayoutChange } from './layout-settings';

export interface LayoutState {
  settings: LayoutSettings;
  /** Applies and keeps a change (the customizer, the menu toggle). */
  update(change: LayoutChange): void;
  /** Back to the operator's defaults from `GET /api/config/app`. */
  reset(): void;
  windowWidth: number;
  breakpoint: Breakpoint;
  /** Narrow screens: the vertical menu opens over the page instead of beside it. */
  overlay: boolean;
  /** Whether that overlay menu is open. */
  overlayOpen: boolean;
  setOverlayOpen(open: boolean): void;
}

const LayoutContext = createContext<LayoutState | null>(null);

/** The skin as classes on `<body>` (docs/specification.md §3: dark adds `dark-layout`), `dir` on `<html>`. */
export function applyLayoutToDocument(settings: LayoutSettings, doc: Document): void {
  const { body, documentElement } = doc;
  body.classList.toggle('dark-layout', settings.skin === 'dark');
  body.classList.toggle('bordered-layout', settings.skin === 'bordered');
  body.classList.toggle('semi-dark-layout', settings.skin === 'semi-dark');
  documentElement.dir = settings.isRTL ? 'rtl' : 'ltr';
  documentElement.dataset.skin = settings.skin;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(window.innerWidth));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}

/**
 * Holds the layout settings and the window width. `initial`: the defaults with the vendor's kept
 * changes on top (`initialLayout`); the defaults alone when not given.
 */
export function LayoutProvider({
  defaults,
  initial = defaults,
  breakpoints,
  children,
}: {
  defaults: LayoutSettings;
  initial?: LayoutSettings;
  breakpoints: readonly Breakpoint[];
  children: ReactNode;
}) {
  const [settings, setSettings] = useState(initial);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const windowWidth = useWindowWidth();
  const overlay = isOverlayWidth(windowWidth);

  useEffect(() => applyLayoutToDocument(settings, document), [settings]);

  const update = useCallback((change: LayoutChange) => {
    setSettings((current) => {
      const next = changeLayout(current, change);
      storeLayout(next, localStorage);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    clearLayout(localStorage);
    setSettings(defaults);
  }, [defaults]);

  const value = useMemo<LayoutState>(
    // The overlay menu exists only below the overlay width: growing past it closes it.
    () => ({
      settings,
      update,
      reset,
      windowWidth,
      breakpoint: breakpointOf(windowWidth, breakpoints),
      overlay,
      overlayOpen: overlay && overlayOpen,
      setOverlayOpen,
    }),
    [settings, update, reset, windowWidth, breakpoints, overlay, overlayOpen],
  );
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

/** The layout state; only rendered under <LayoutProvider>. */
export function useLayout(): LayoutState {
  const layout = useContext(LayoutContext);
  if (!layout) throw new Error('useLayout must be used under <LayoutProvider>');
  return layout;
}
