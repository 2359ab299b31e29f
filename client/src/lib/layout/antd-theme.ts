import { theme, type ThemeConfig } from 'antd';
import type { AppConfig, LayoutSettings } from '../../../../shared/contracts/app-config';

/**
 * The brand colour: "primary" of docs/specification.md §9's colour names, dark enough for white text on it and
 * for links on white (WCAG AA, 4.5:1). On the dark skin links use a lighter tint of it.
 */
export const BRAND_PRIMARY = '#6356e8';
const DARK_LINK = '#a29bf6';
/** A primary button under the pointer darkens (antd lightens it, to 3.9:1 under white text). */
const BRAND_HOVER = '#4c3fd6';

/** The system's own sans-serif, the same stack as styles.css's base (nothing to download). */
export const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

/** Links in the brand colour, and secondary and placeholder texts that stay readable (antd's defaults fall short of 4.5:1). */
const LIGHT_TEXT = {
  colorLink: BRAND_PRIMARY,
  colorLinkHover: BRAND_HOVER,
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
};
const DARK_TEXT = {
  colorLink: DARK_LINK,
  colorLinkHover: '#c3beff',
  colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
  colorTextDescription: 'rgba(255, 255, 255, 0.62)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.62)',
};

/**
 * The danger colour (delete buttons, the danger zone) readable as text: antd's #ff4d4f reaches 3.3:1
 * on white. On the dark skin no red is both readable on the page and under white text, so the
 * filled danger button (a modal's "Delete") writes dark text on it instead.
 */
const LIGHT_DANGER = { colorError: '#cf1322' };
const DARK_DANGER = { colorError: '#f26b6b' };
const DARK_DANGER_BUTTON = { dangerColor: '#141414' };
/**
 * On the dark skin a primary button under the pointer takes the brand colour itself (5.2:1 under
 * white text): the dark algorithm lightens it to #8377df, 3.7:1.
 */
const DARK_PRIMARY_BUTTON_HOVER = { colorPrimaryHover: BRAND_PRIMARY };

/** The dark sidebar of the semi-dark skin (and of the dark one). */
const DARK_SIDER_BG = '#1e1e2d';

/** Whether the vertical menu is dark: the semi-dark skin darkens it alone, the dark skin everything. */
export function isDarkMenu(settings: LayoutSettings): boolean {
  return settings.skin === 'dark' || settings.skin === 'semi-dark';
}

/**
 * The antd theme of a layout: the dark algorithm for the dark skin; flat surfaces with borders
 * for the bordered one; a dark sidebar for semi-dark. Modals sit at `app.modal.zIndex` (antd puts
 * containers 100 above the popup base), badges use the configured colour. `reducedMotion`: the
 * device asks for less motion (`prefers-reduced-motion`): antd's motion is off, its drawers and
 * modals open in place (its styles alone still slide a drawer in), as the route transitions do in
 * styles.css.
 */
export function antdTheme(app: AppConfig, settings: LayoutSettings, reducedMotion = false): ThemeConfig {
  const dark = settings.skin === 'dark';
  const algorithm = dark ? theme.darkAlgorithm : theme.defaultAlgorithm;
  const token = {
    colorPrimary: BRAND_PRIMARY,
    ...(dark ? {} : { colorPrimaryHover: BRAND_HOVER }),
    fontFamily: FONT_FAMILY,
    borderRadius: 6,
    fontSize: 14,
    zIndexPopupBase: app.modal.zIndex - 100,
    motion: !reducedMotion,
    ...(dark ? { ...DARK_TEXT, ...DARK_DANGER } : { ...LIGHT_TEXT, ...LIGHT_DANGER }),
  };
  const base = theme.getDesignToken({ algorithm, token });
  const bordered = settings.skin === 'bordered';
  const siderBg = isDarkMenu(settings) ? DARK_SIDER_BG : base.colorBgContainer;
  return {
    algorithm,
    token: bordered ? { ...token, boxShadow: 'none', boxShadowSecondary: 'none', boxShadowTertiary: 'none' } : token,
    components: {
      Layout: { headerBg: base.colorBgContainer, bodyBg: base.colorBgLayout, footerBg: base.colorBgLayout, siderBg, headerPadding: '0 16px', headerHeight: 64 },
      Menu: { darkItemBg: siderBg, darkSubMenuItemBg: siderBg, itemBg: 'transparent', iconSize: app.theme.iconSize, collapsedIconSize: app.theme.iconSize + 2 },
      Card: bordered ? { boxShadowTertiary: 'none' } : {},
      Badge: { colorError: colourOf(app.theme.badgeVariant, base) },
      Button: dark ? { ...DARK_DANGER_BUTTON, ...DARK_PRIMARY_BUTTON_HOVER } : {},
    },
  };
}

type DesignToken = ReturnType<typeof theme.getDesignToken>;
type ColourName = AppConfig['theme']['badgeVariant'];

/** The colour names of docs/specification.md §9 as antd tokens. */
export function colourOf(name: ColourName, token: DesignToken): string {
  const colours: Record<ColourName, string> = {
    primary: token.colorPrimary,
    secondary: token.colorTextSecondary,
    success: token.colorSuccess,
    info: token.colorInfo,
    warning: token.colorWarning,
    danger: token.colorError,
    light: token.colorFillSecondary,
    dark: token.colorTextBase,
  };
  return colours[name];
}
