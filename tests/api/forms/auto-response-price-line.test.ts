import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SchemaLoadError, type SchemaProblem } from '../../../server/config/schema-store/schema-problem';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import type { Category } from '../../../shared/contracts/category';
import { agent } from '../../support/api/http';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { copySchemas, type SchemaCopy } from '../../support/schemas';

type Json = Record<string, unknown>;

/**
 * The starting-price line of an auto-response, worded per category (docs/architecture.md: Server-driven forms):
 * a category file's `autoResponse.priceLine` ("Cakes start at {price} a slice.") and the price
 * field's `priceTitle`, or the template's line; the schema store refuses a line it cannot fill.
 */
describe('the auto-response price line as served', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the categories are requested, then each carries its own price line, a bakery prices a slice and a caterer a guest', async () => {
    const res = await agent(ctx).get('/api/config/categories').expect(200);
    const lines = Object.fromEntries((res.body as { categories: Category[] }).categories.map((c) => [c.id, c.priceLine]));

    expect(lines).toMatchObject({
      bakery: 'Cakes start at {price} a slice.',
      catering: 'Wedding catering starts at {price} per guest.',
      photography: 'Packages start at {price}.',
      transportation: 'Transportation starts at {price} an hour.',
    });
    expect(Object.keys(lines)).toHaveLength(14);
    for (const [id, line] of Object.entries(lines)) expect(line, id).toMatch(/^[^{}]*\{price\}[^{}]*$/);
  });

  it("when the bakery's auto-response form is requested, then its starting price says it is per slice; a category without a title keeps the template's", async () => {
    const title = async (formId: string) =>
      ((await agent(ctx).get(`/api/config/forms/${formId}`).expect(200)).body as { schema: { properties: Record<string, Json> } }).schema.properties
        .starting_price?.title;

    expect(await title('auto-response-bakery')).toBe('Starting price per slice (USD)');
    expect(await title('auto-response-specialty_vendors')).toBe('Starting price (USD)');
  });
});

describe('the schema store and the price line', () => {
  const copies: SchemaCopy[] = [];

  afterEach(async () => {
    await Promise.all(copies.splice(0).map((copy) => copy.remove()));
  });

  async function problemsAfter(file: string, edit: (json: Json) => void): Promise<SchemaProblem[]> {
    const copy = await copySchemas();
    copies.push(copy);
    const json = (await copy.read(file)) as Json;
    edit(json);
    await copy.write(file, json);
    try {
      await loadSnapshot(copy.dir);
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaLoadError);
      return (error as SchemaLoadError).problems;
    }
    throw new Error('expected the folder to be refused, but it loaded');
  }

  it.each([
    ['has no {price}', 'Cakes are lovely.'],
    ['has {price} twice', 'From {price} to {price}.'],
    ['has another merge field', 'Cakes start at {price} for {customer_name}.'],
  ])('when a category’s price line %s, then loading is refused naming $.autoResponse.priceLine', async (_, priceLine) => {
    const problems = await problemsAfter('categories/bakery.json', (json) => {
      (json.autoResponse as Json).priceLine = priceLine;
    });

    expect(problems).toContainEqual({ file: 'categories/bakery.json', path: '$.autoResponse.priceLine', message: expect.stringContaining('{price}') });
  });

  it('when the template has no price line, then loading is refused naming it', async () => {
    const problems = await problemsAfter('templates/auto-response.json', (json) => {
      delete json.priceLine;
    });

    expect(problems).toContainEqual({ file: 'templates/auto-response.json', path: '$.priceLine', message: expect.any(String) });
  });

  it('when a category words a price line for a form of its own without a starting price, then loading is refused naming the line and the title', async () => {
    const problems = await problemsAfter('categories/bakery.json', (json) => {
      const own = json.autoResponse as Json;
      own.schema = { type: 'object', required: ['enabled', 'message'], properties: { enabled: { type: 'boolean' }, message: { type: 'string' } } };
      own.uiSchema = {};
    });

    expect(problems).toEqual([
      { file: 'categories/bakery.json', path: '$.autoResponse.priceLine', message: 'the auto-response form has no "starting_price" number field for it' },
      { file: 'categories/bakery.json', path: '$.autoResponse.priceTitle', message: 'the auto-response form has no "starting_price" number field for it' },
    ]);
  });
});
