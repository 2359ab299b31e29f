import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import { antdTheme } from '../../../client/src/lib/layout/antd-theme';

const app = appConfigSchema.parse(appJson);

/** WCAG's contrast ratio of white text on `hex` (#rrggbb). */
function contrastWithWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

describe('antdTheme', () => {
  it.each(['light', 'bordered', 'semi-dark', 'dark'] as const)(
    'when the skin is %s, then a primary button keeps white text readable (4.5:1) at rest, under the pointer and pressed',
    (skin) => {
      const config = antdTheme(app, { ...app.layout, skin });
      // The button's colours: the global tokens the algorithm derives, then the Button's own overrides.
      const button = { ...theme.getDesignToken(config), ...(config.components?.Button as Record<string, string> | undefined) };
      for (const token of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive'] as const) {
        expect(contrastWithWhite(String(button[token])), `${skin} ${token} ${String(button[token])}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
