import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appConfigSchema, layoutSettingsSchema } from '../../../shared/contracts/app-config';
import { formStatusSchema } from '../../../shared/contracts/form';
import { SHELL_PARTS } from '../../../client/src/app/layouts/shell-parts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const en = JSON.parse(readFileSync(path.join(root, 'client/src/lib/i18n/locales/en.json'), 'utf8')) as Record<string, string>;
const app = appConfigSchema.parse(JSON.parse(readFileSync(path.join(root, 'schemas/app.json'), 'utf8')));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const code = sources(path.join(root, 'client/src')).map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));

/**
 * Every literal key in the client, with where it is used: `t('a')`, and both sides of a choice
 * in the first argument (`t(open ? 'a' : 'b')`).
 */
const literalKeys = code.flatMap(({ file, text }) =>
  [...text.matchAll(/\bt\(([^,()`]+)[,)]/g)].flatMap((call) =>
    [...(call[1] as string).matchAll(/(?:^|[?:])\s*'([^']+)'/g)].map((m) => ({ file, key: m[1] as string })),
  ),
);

/** The keys built from a template (`t(\`customizer.skin.${skin}\`)`), expanded over the values the contract allows. */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  'customizer.skin.${skin}': layoutSettingsSchema.shape.skin.options,
  'customizer.transition.${value}': layoutSettingsSchema.shape.routerTransition.options,
  'colour.${colour}': app.theme.colors,
  'customizer.navbarType.${value}': layoutSettingsSchema.shape.navbar.shape.type.options,
  'customizer.footerType.${value}': layoutSettingsSchema.shape.footer.shape.type.options,
  'formStatus.${status}': formStatusSchema.options,
  'shell.part.${part}': SHELL_PARTS,
};
const templates = code.flatMap(({ file, text }) => [...text.matchAll(/\bt\(\s*`([^`]+)`/g)].map((m) => ({ file, template: m[1] as string })));

describe('i18n keys', () => {
  it('when the client calls t() with a literal key, then en.json has that key', () => {
    expect(literalKeys.length).toBeGreaterThan(20);
    expect(literalKeys.filter(({ key }) => !(key in en))).toEqual([]);
  });

  it('when the client builds a key from a template, then the template is known and every key it can build is in en.json', () => {
    expect(templates.filter(({ template }) => !(template in TEMPLATE_VALUES))).toEqual([]);
    const missing = Object.entries(TEMPLATE_VALUES).flatMap(([template, values]) =>
      values.map((value) => template.replace(/\$\{\w+\}/, value)).filter((key) => !(key in en)),
    );
    expect(missing).toEqual([]);
  });

  it('when en.json has a key, then some code uses it (no dead translations)', () => {
    const used = new Set(literalKeys.map(({ key }) => key));
    const prefixes = Object.keys(TEMPLATE_VALUES).map((template) => template.replace(/\$\{\w+\}$/, ''));
    const dead = Object.keys(en).filter((key) => !used.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)));
    expect(dead).toEqual([]);
  });

  it('when a text has placeholders, then they are well-formed {{name}} interpolations', () => {
    const malformed = Object.entries(en).filter(([, text]) => /\{(?!\{)|[^}]\}(?!\})/.test(text.replace(/\{\{\w+\}\}/g, '')));
    expect(malformed).toEqual([]);
  });
});
