import { beforeEach, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import {
  LAYOUT_STORAGE_KEY,
  SKIN_STORAGE_KEY,
  breakpointOf,
  changeLayout,
  clearLayout,
  isOverlayWidth,
  storeLayout,
} from '../../../client/src/lib/layout/layout-settings';
import { readLayout } from '../../../client/src/lib/layout/read-layout';

const app = appConfigSchema.parse(appJson);
const defaults = app.layout;

describe('changeLayout', () => {
  it('when one nested setting changes, then its siblings and every other setting keep their values', () => {
    const next = changeLayout(defaults, { navbar: { type: 'sticky' } });
    expect(next.navbar).toEqual({ type: 'sticky', backgroundColor: defaults.navbar.backgroundColor });
    expect({ ...next, navbar: defaults.navbar }).toEqual(defaults);
  });

  it('when the layout type becomes horizontal while the skin is semi-dark, then the skin becomes light', () => {
    const semiDark = changeLayout(defaults, { skin: 'semi-dark' });
    expect(changeLayout(semiDark, { type: 'horizontal' })).toMatchObject({ type: 'horizontal', skin: 'light' });
  });

  it('when the layout type becomes horizontal with another skin, then that skin stays', () => {
    const dark = changeLayout(defaults, { skin: 'dark' });
    expect(changeLayout(dark, { type: 'horizontal' })).toMatchObject({ type: 'horizontal', skin: 'dark' });
  });
});

describe('readLayout and storeLayout', () => {
  beforeEach(() => localStorage.clear());

  it('when nothing is stored, then the defaults of app.json apply', () => {
    expect(readLayout(defaults, localStorage)).toEqual(defaults);
  });

  it('when a layout is stored, then it reads back the same, the skin under its own key', () => {
    const changed = changeLayout(defaults, { skin: 'dark', isRTL: true, contentWidth: 'boxed', footer: { type: 'sticky' } });
    storeLayout(changed, localStorage);
    expect(localStorage.getItem(SKIN_STORAGE_KEY)).toBe('dark');
    expect(readLayout(defaults, localStorage)).toEqual(changed);
  });

  it('when the operator turns the customizer off, then a stored layout cannot turn it back on', () => {
    storeLayout({ ...defaults, customizer: true }, localStorage);
    expect(readLayout({ ...defaults, customizer: false }, localStorage).customizer).toBe(false);
  });

  it('when the stored values are not valid, then they are ignored and the defaults apply', () => {
    localStorage.setItem(SKIN_STORAGE_KEY, 'neon');
    localStorage.setItem(LAYOUT_STORAGE_KEY, '{"type":"diagonal"}');
    expect(readLayout(defaults, localStorage)).toEqual(defaults);
    localStorage.setItem(LAYOUT_STORAGE_KEY, 'not json');
    expect(readLayout(defaults, localStorage)).toEqual(defaults);
  });

  it('when a semi-dark skin was stored with a horizontal layout, then the skin reads as light', () => {
    localStorage.setItem(SKIN_STORAGE_KEY, 'semi-dark');
    localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify({ type: 'horizontal' }));
    expect(readLayout(defaults, localStorage)).toMatchObject({ type: 'horizontal', skin: 'light' });
  });

  it('when the layout is cleared, then the defaults apply again', () => {
    storeLayout(changeLayout(defaults, { skin: 'bordered', type: 'horizontal' }), localStorage);
    clearLayout(localStorage);
    expect(readLayout(defaults, localStorage)).toEqual(defaults);
  });
});

describe('breakpoints', () => {
  const names = app.theme.breakpoints;

  it.each([
    [0, 'xs'],
    [375, 'xs'],
    [576, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [991, 'md'],
    [992, 'lg'],
    [1199, 'lg'],
    [1200, 'xl'],
    [2560, 'xl'],
  ] as const)('when the window is %i px wide, then the breakpoint is %s', (width, name) => {
    expect(breakpointOf(width, names)).toBe(name);
  });

  it('when the window is narrower than lg, then the vertical menu is an overlay', () => {
    expect(isOverlayWidth(375)).toBe(true);
    expect(isOverlayWidth(991)).toBe(true);
    expect(isOverlayWidth(992)).toBe(false);
  });
});
