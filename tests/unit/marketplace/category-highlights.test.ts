import { afterEach, describe, expect, it } from 'vitest';
import { SchemaLoadError, type SchemaProblem } from '../../../server/config/schema-store/schema-problem';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import type { CategoryFile } from '../../../shared/contracts/category';
import { categoryHighlights } from '../../../shared/marketplace/category-highlights';
import { shortName } from '../../../shared/marketplace/short-name';
import { copySchemas, type SchemaCopy } from '../../support/schemas';

/** A category with a settings form of each kind of field the highlights read. */
function cakes(highlights: NonNullable<CategoryFile['highlights']>): Pick<CategoryFile, 'highlights' | 'settings'> {
  return {
    highlights,
    settings: {
      version: 1,
      schema: {
        type: 'object',
        properties: {
          price_per_slice: { type: 'number' },
          min_servings: { type: 'integer' },
          product_types: { type: 'array', items: { type: 'string', enum: ['Tiered cakes', 'Cupcakes', 'Cookies'] } },
          style: {
            type: 'string',
            oneOf: [
              { const: 'naked', title: 'Naked cakes' },
              { const: 'fondant', title: 'Fondant' },
            ],
          },
          flavors: {
            type: 'array',
            items: {
              type: 'string',
              oneOf: [
                { const: 'lemon', title: 'Lemon' },
                { const: 'choc', title: 'Chocolate' },
              ],
            },
          },
          tastings: { type: 'boolean' },
        },
      },
      uiSchema: {},
    },
  };
}

describe('categoryHighlights', () => {
  it('when a money field is saved, then it reads as dollars: cents shown when there are any, whole dollars grouped', () => {
    const category = cakes([{ settings: 'price_per_slice', text: 'Cakes from {value} a slice', format: 'money' }]);
    expect(categoryHighlights(category, { price_per_slice: 7.5 })).toEqual(['Cakes from $7.50 a slice']);
    expect(categoryHighlights(category, { price_per_slice: 1200 })).toEqual(['Cakes from $1,200 a slice']);
  });

  it('when a list and choices are saved, then they read as their labels, a list joined with commas', () => {
    const category = cakes([
      { settings: 'product_types', text: 'Offers: {value}' },
      { settings: 'style', text: 'Style: {value}' },
      { settings: 'flavors', text: 'Flavors: {value}' },
      { settings: 'min_servings', text: 'Orders from {value} servings', format: 'number' },
    ]);
    expect(
      categoryHighlights(category, { product_types: ['Tiered cakes', 'Cupcakes'], style: 'naked', flavors: ['choc', 'lemon'], min_servings: 1500 }),
    ).toEqual(['Offers: Tiered cakes, Cupcakes', 'Style: Naked cakes', 'Flavors: Chocolate, Lemon', 'Orders from 1,500 servings']);
  });

  it('when a yes/no field is on, then its line shows as written; when off or missing, then no line', () => {
    const category = cakes([{ settings: 'tastings', text: 'Tastings available' }]);
    expect(categoryHighlights(category, { tastings: true })).toEqual(['Tastings available']);
    expect(categoryHighlights(category, { tastings: false })).toEqual([]);
    expect(categoryHighlights(category, {})).toEqual([]);
  });

  it('when fields are missing, empty or of the wrong kind, then they are skipped and the others keep the file’s order', () => {
    const category = cakes([
      { settings: 'price_per_slice', text: 'Cakes from {value} a slice', format: 'money' },
      { settings: 'product_types', text: 'Offers: {value}' },
      { settings: 'style', text: 'Style: {value}' },
      { settings: 'tastings', text: 'Tastings available' },
    ]);
    expect(categoryHighlights(category, { price_per_slice: 'cheap', product_types: [], style: '  ', tastings: true })).toEqual(['Tastings available']);
    expect(categoryHighlights({ settings: undefined }, { anything: 1 })).toEqual([]);
  });
});

describe('shortName', () => {
  it('when a couple is named in public, then it is the first name and the last initial', () => {
    expect(shortName('Maria Garcia')).toBe('Maria G.');
    expect(shortName('  jordan  de la avery ')).toBe('Jordan A.');
    expect(shortName('Cher')).toBe('Cher');
    expect(shortName('')).toBe('A couple');
  });

  it('when a name holds signs, digits or punctuation around its words, then only the letters show', () => {
    expect(shortName('=Sam +Taylor')).toBe('Sam T.');
    expect(shortName('@sam -taylor 42')).toBe('Sam T.');
    expect(shortName('"Jo" (Rivera)')).toBe('Jo R.');
    expect(shortName("Mary-Jane O'Neil")).toBe('Mary-Jane O.');
    expect(shortName('Zoë Ångström')).toBe('Zoë Å.');
    expect(shortName('=1+1 ++')).toBe('A couple');
  });
});

describe('highlights in a category file', () => {
  const copies: SchemaCopy[] = [];
  afterEach(async () => Promise.all(copies.splice(0).map((copy) => copy.remove())));

  async function problemsWith(highlights: unknown): Promise<SchemaProblem[]> {
    const copy = await copySchemas();
    copies.push(copy);
    const json = (await copy.read('categories/bakery.json')) as Record<string, unknown>;
    await copy.write('categories/bakery.json', { ...json, highlights });
    try {
      await loadSnapshot(copy.dir);
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaLoadError);
      return (error as SchemaLoadError).problems;
    }
    throw new Error('expected the folder to be refused, but it loaded');
  }

  it('when every shipped category is loaded, then each declares highlights that read its saved settings', async () => {
    const copy = await copySchemas();
    copies.push(copy);
    const snapshot = await loadSnapshot(copy.dir);
    expect(snapshot.config.categoryFiles).toHaveLength(14);
    for (const category of snapshot.config.categoryFiles) expect(category.highlights?.length, category.id).toBeGreaterThan(0);
    const bakery = snapshot.config.categoryFiles.find((c) => c.id === 'bakery');
    expect(categoryHighlights(bakery!, { price_per_slice: 7.5, product_types: ['Wedding cakes', 'Cupcakes'], tastings_available: true })).toEqual([
      'Cakes from $7.50 a slice',
      'Bakes: Wedding cakes, Cupcakes',
      'Tastings available',
    ]);
  });

  it('when a highlight names a field the settings form does not have, then loading is refused naming it', async () => {
    const problems = await problemsWith([{ settings: 'price_per_cake', text: 'From {value}', format: 'money' }]);
    expect(problems).toContainEqual({ file: 'categories/bakery.json', path: '$.highlights[0].settings', message: expect.stringContaining('"price_per_cake"') });
  });

  it('when a highlight formats a list as money or forgets {value}, then loading is refused naming the path', async () => {
    const problems = await problemsWith([
      { settings: 'product_types', text: 'Offers: {value}', format: 'money' },
      { settings: 'price_per_slice', text: 'Cakes by the slice' },
      { settings: 'tastings_available', text: 'Tastings: {value}' },
    ]);
    expect(problems.map((p) => p.path)).toEqual(expect.arrayContaining(['$.highlights[0].format', '$.highlights[1].text', '$.highlights[2].text']));
  });

  it('when a highlight has an unknown format or key, then the file contract refuses it', async () => {
    const problems = await problemsWith([{ settings: 'price_per_slice', text: 'From {value}', format: 'euros', extra: true }]);
    expect(
      problems.some((p) => p.file === 'categories/bakery.json' && p.path.startsWith('$.highlights[0]')),
      JSON.stringify(problems),
    ).toBe(true);
  });
});
