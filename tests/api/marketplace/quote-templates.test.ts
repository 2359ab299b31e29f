import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import { SchemaLoadError, type SchemaProblem } from '../../../server/config/schema-store/schema-problem';
import { aBusinessWithMember, aVendor } from '../../support/api/builders';
import { agent, errorPaths, expectProblem, type SessionBody } from '../../support/api/http';
import { businessOf } from '../../support/api/marketplace';
import { copySchemas, type SchemaCopy } from '../../support/schemas';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

interface TemplateBody {
  id: string;
  category: string;
  name: string;
  priceCents: number | null;
  message: string | null;
  details: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

/** Answers valid for the bakery's quote form. */
const CAKE = {
  design: 'Three tiers of vanilla sponge with buttercream roses',
  servings: 120,
  tiers: 3,
  price_per_slice: 7.5,
  includes: 'Delivery, setup and a cake stand.',
};

/** What a template keeps of {@link CAKE}: not the servings and tiers, which the bakery's prefill takes from each couple's request. */
const { servings: _servings, tiers: _tiers, ...CAKE_KEPT } = CAKE;

const STANDARD = {
  category: 'bakery',
  name: 'Standard tiered cake',
  priceCents: 90_000,
  message: 'We would love to bake your wedding cake: here is what we propose.',
  details: CAKE,
};

/**
 * Quote templates (docs/marketplace.md, Quote templates): a business saves a quote under a name per
 * category and starts the next one from it; its team shares them; the limits and the rules of a
 * sent quote hold.
 */
describe.each(TEST_DATABASES)('quote templates on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const bearer = (seller: SessionBody) => `Bearer ${seller.accessToken}`;
  const list = (seller: SessionBody, category = 'bakery') => agent(ctx).get(`/api/quote-templates?category=${category}`).set('Authorization', bearer(seller));
  const listed = async (seller: SessionBody, category = 'bakery') => {
    const res = await list(seller, category);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: TemplateBody[] }).data;
  };
  const create = (seller: SessionBody, body: unknown) =>
    agent(ctx)
      .post('/api/quote-templates')
      .set('Authorization', bearer(seller))
      .send(body as object);
  const created = async (seller: SessionBody, body: unknown) => {
    const res = await create(seller, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { data: TemplateBody }).data;
  };
  const update = (seller: SessionBody, id: string, body: unknown) =>
    agent(ctx)
      .patch(`/api/quote-templates/${id}`)
      .set('Authorization', bearer(seller))
      .send(body as object);
  const remove = (seller: SessionBody, id: string) => agent(ctx).delete(`/api/quote-templates/${id}`).set('Authorization', bearer(seller));
  const storedRows = (seller: SessionBody) =>
    ctx.database.db
      .selectFrom('quote_templates')
      .select(['name', 'category_id', 'price_cents', 'details'])
      .where('vendor_id', '=', businessOf(seller))
      .execute();

  it('when a bakery saves a quote as a template, then it is listed in its category by name, renamed, changed and deleted', async () => {
    const bakery = await aVendor(ctx, { category: 'bakery' });
    expect(await listed(bakery)).toEqual([]);

    // A key the quote form does not declare is not kept, as on a sent quote; nor the answers the
    // prefill takes from the couple's request (a template never carries one couple's).
    const standard = await created(bakery, { ...STANDARD, details: { ...CAKE, smuggled: 'x'.repeat(50) } });
    expect(standard).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      category: 'bakery',
      name: 'Standard tiered cake',
      priceCents: 90_000,
      message: STANDARD.message,
      details: CAKE_KEPT,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    // Without a price or a message: the next quote fills them in.
    const cupcakes = await created(bakery, {
      category: 'bakery',
      name: '  Cupcake tower ',
      details: { design: 'A tower of 100 cupcakes', servings: 100, includes: 'The stand and delivery.' },
    });
    expect(cupcakes).toMatchObject({
      name: 'Cupcake tower',
      priceCents: null,
      message: null,
      details: { design: 'A tower of 100 cupcakes', includes: 'The stand and delivery.' },
    });
    expect((await listed(bakery)).map((t) => t.name)).toEqual(['Cupcake tower', 'Standard tiered cake']);
    expect(await listed(bakery, 'florist')).toEqual([]);

    const renamed = await update(bakery, standard.id, { name: 'A classic three tiers' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((renamed.body as { data: TemplateBody }).data).toMatchObject({
      id: standard.id,
      name: 'A classic three tiers',
      priceCents: 90_000,
      details: CAKE_KEPT,
    });
    const repriced = await update(bakery, standard.id, { priceCents: 95_000, message: null, details: { ...CAKE, price_per_slice: 8 } });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    expect((repriced.body as { data: TemplateBody }).data).toMatchObject({
      name: 'A classic three tiers',
      priceCents: 95_000,
      message: null,
      details: { ...CAKE_KEPT, price_per_slice: 8 },
    });
    expect((await listed(bakery)).map((t) => t.name)).toEqual(['A classic three tiers', 'Cupcake tower']);
    expect(await storedRows(bakery)).toContainEqual({
      name: 'A classic three tiers',
      category_id: 'bakery',
      price_cents: 95_000,
      details: JSON.stringify({ ...CAKE_KEPT, price_per_slice: 8 }),
    });

    expect((await remove(bakery, standard.id)).status).toBe(204);
    expectProblem(await remove(bakery, standard.id), 404, 'not-found');
    expectProblem(await update(bakery, standard.id, { name: 'Back' }), 404, 'not-found');
    expect((await listed(bakery)).map((t) => t.id)).toEqual([cupcakes.id]);
  });

  it('when a name is taken in the category (in any case), then saving or renaming to it is refused (409), and another category may use it', async () => {
    const bakery = await aVendor(ctx, { category: ['bakery', 'catering'] });
    const first = await created(bakery, STANDARD);
    const second = await created(bakery, { ...STANDARD, name: 'Naked cake' });

    const again = expectProblem(await create(bakery, { ...STANDARD, name: 'STANDARD TIERED CAKE' }), 409, 'conflict');
    expect(again.detail).toBe('You already have a template named "STANDARD TIERED CAKE". Choose another name, or delete that one first.');
    expectProblem(await update(bakery, second.id, { name: 'standard tiered cake' }), 409, 'conflict');
    // Its own name in another case is a rename, not a clash.
    expect((await update(bakery, first.id, { name: 'Standard Tiered Cake' })).status).toBe(200);
    expect(
      (await create(bakery, { category: 'catering', name: 'Standard tiered cake', details: { price_per_head: 65, menu: 'A plated dinner of three courses.' } }))
        .status,
    ).toBe(201);
    expect((await listed(bakery)).map((t) => t.name)).toEqual(['Naked cake', 'Standard Tiered Cake']);
  });

  it('when a business has 20 templates in a category, then a 21st is refused (409) until it deletes one, also when saved at once; another category has room', async () => {
    const bakery = await aVendor(ctx, { category: ['bakery', 'catering'] });
    for (let n = 1; n <= 18; n += 1) await created(bakery, { ...STANDARD, name: `Cake ${n}` });
    // Four saves at once with room for two: two are kept, two refused, never 21.
    const raced = await Promise.all([1, 2, 3, 4].map((n) => create(bakery, { ...STANDARD, name: `Raced ${n}` })));
    expect(raced.map((res) => res.status).sort()).toEqual([201, 201, 409, 409]);
    const full = await listed(bakery);
    expect(full).toHaveLength(20);
    const refused = expectProblem(await create(bakery, { ...STANDARD, name: 'One more' }), 409, 'conflict');
    expect(refused.detail).toBe('You have 20 Bakery templates, the most you can keep. Delete one to save another.');
    expect(await listed(bakery)).toHaveLength(20);
    expect((await create(bakery, { category: 'catering', name: 'Buffet', details: { price_per_head: 45, menu: 'A buffet of Texas barbecue.' } })).status).toBe(
      201,
    );

    expect((await remove(bakery, (full[3] as TemplateBody).id)).status).toBe(204);
    expect((await create(bakery, { ...STANDARD, name: 'One more' })).status).toBe(201);
  });

  it('when a template has a bad name, price, message, answers or category, or other fields, then 400 names the field and nothing is saved', async () => {
    const bakery = await aVendor(ctx, { category: 'bakery' });
    const cases: [unknown, string][] = [
      [{ ...STANDARD, name: undefined }, 'name'],
      [{ ...STANDARD, name: '   ' }, 'name'],
      [{ ...STANDARD, name: 'x'.repeat(61) }, 'name'],
      [{ ...STANDARD, name: 'Two\nlines' }, 'name'],
      [{ ...STANDARD, priceCents: 50 }, 'priceCents'],
      [{ ...STANDARD, priceCents: 1234.5 }, 'priceCents'],
      [{ ...STANDARD, priceCents: '900' }, 'priceCents'],
      [{ ...STANDARD, message: 'Hi' }, 'message'],
      [{ ...STANDARD, details: { ...CAKE, design: 'Tall' } }, 'details.design'],
      [{ ...STANDARD, details: { ...CAKE, servings: 'many' } }, 'details.servings'],
      [{ ...STANDARD, details: { design: 'Three tiers of vanilla sponge' } }, 'details.servings'],
      [{ ...STANDARD, details: undefined }, 'details'],
      [{ ...STANDARD, category: 'cakes' }, 'category'],
      [{ ...STANDARD, category: 'Bakery!' }, 'category'],
      [{ ...STANDARD, colour: 'blue' }, ''],
    ];
    for (const [body, path] of cases) {
      const problem = expectProblem(await create(bakery, body), 400, 'validation-failed');
      expect(errorPaths(problem), JSON.stringify(body)).toContain(path);
    }
    expect(await storedRows(bakery)).toEqual([]);

    const kept = await created(bakery, STANDARD);
    for (const [body, path] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ priceCents: 0 }, 'priceCents'],
      [{ details: { ...CAKE, tiers: 40 } }, 'details.tiers'],
      [{ category: 'florist' }, ''],
    ] as const) {
      const problem = expectProblem(await update(bakery, kept.id, body), 400, 'validation-failed');
      expect(errorPaths(problem), JSON.stringify(body)).toContain(path);
    }
    expect(await listed(bakery)).toEqual([kept]);

    expect(errorPaths(expectProblem(await agent(ctx).get('/api/quote-templates').set('Authorization', bearer(bakery)), 400))).toContain('category');
    expect(errorPaths(expectProblem(await list(bakery, 'cakes'), 400))).toContain('category');
  });

  it("when a business names another's template, a made-up id or none, then it is not found, and each business lists only its own", async () => {
    const bakery = await aVendor(ctx, { category: 'bakery' });
    const other = await aVendor(ctx, { category: 'bakery' });
    const theirs = await created(other, STANDARD);
    await created(bakery, { ...STANDARD, name: 'Ours' });

    expectProblem(await update(bakery, theirs.id, { name: 'Mine now' }), 404, 'not-found');
    expectProblem(await remove(bakery, theirs.id), 404, 'not-found');
    expectProblem(await update(bakery, 'not-a-uuid', { name: 'x' }), 404, 'not-found');
    expectProblem(await remove(bakery, 'not-a-uuid'), 404, 'not-found');
    expect(await listed(other)).toEqual([theirs]);
    expect((await listed(bakery)).map((t) => t.name)).toEqual(['Ours']);
    expectProblem(await agent(ctx).get('/api/quote-templates?category=bakery'), 401, 'unauthorized');
    expectProblem(await agent(ctx).post('/api/quote-templates').send(STANDARD), 401, 'unauthorized');
  });

  it('when a team member saves a template, then the whole business has it', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Template Bakes' });
    const saved = await created(member, STANDARD);
    expect(await listed(owner)).toEqual([saved]);
    expect((await update(owner, saved.id, { name: 'House cake' })).status).toBe(200);
    expect((await listed(member)).map((t) => t.name)).toEqual(['House cake']);
  });
});

describe('the quote prefill of a category file', () => {
  const copies: SchemaCopy[] = [];

  afterEach(async () => {
    await Promise.all(copies.splice(0).map((copy) => copy.remove()));
  });

  async function problemsWith(prefill: unknown): Promise<SchemaProblem[]> {
    const copy = await copySchemas();
    copies.push(copy);
    const bakery = (await copy.read('categories/bakery.json')) as Record<string, unknown>;
    await copy.write('categories/bakery.json', { ...bakery, quotePrefill: prefill });
    try {
      await loadSnapshot(copy.dir);
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaLoadError);
      return (error as SchemaLoadError).problems.filter((problem) => problem.file === 'categories/bakery.json');
    }
    return [];
  }

  it('when the schemas are as shipped, then the bakery, catering, photography and florist start their quotes from settings, and the categories say how', async () => {
    const { config } = await loadSnapshot((await copySchemas().then((copy) => (copies.push(copy), copy))).dir);
    const prefill = (id: string) => config.categories.find((category) => category.id === id)?.quotePrefill;
    expect(prefill('bakery')).toEqual({
      fields: expect.arrayContaining([
        { quote: 'price_per_slice', settings: 'price_per_slice' },
        { quote: 'servings', request: 'guests' },
      ]),
      price: { settings: 'price_per_slice', times: 'guests' },
    });
    expect(prefill('catering')?.price).toEqual({ settings: 'wedding_catering_price_per_head', times: 'guests' });
    expect(prefill('photography')?.fields).toContainEqual({ quote: 'delivery_weeks', settings: 'delivery_weeks' });
    expect(prefill('florist')?.price).toEqual({ settings: 'min_order_amount' });
  });

  it('when a mapping names a field that does not exist, then loading is refused naming the mapping and the field', async () => {
    expect(
      await problemsWith({
        fields: [
          { quote: 'flavour', settings: 'price_per_slice' },
          { quote: 'price_per_slice', settings: 'price_per_cake' },
          { quote: 'tiers', request: 'details.layers' },
        ],
        price: { settings: 'price_per_cake', times: 'details.layers' },
      }),
    ).toEqual([
      { file: 'categories/bakery.json', path: '$.quotePrefill.fields[0].quote', message: 'the quote form has no field "flavour"' },
      {
        file: 'categories/bakery.json',
        path: '$.quotePrefill.fields[1].settings',
        message: `"price_per_cake" is not a field of this category's settings form`,
      },
      { file: 'categories/bakery.json', path: '$.quotePrefill.fields[2].request', message: 'the request form has no field "layers"' },
      {
        file: 'categories/bakery.json',
        path: '$.quotePrefill.price.settings',
        message: `"price_per_cake" must be a number field of this category's settings form`,
      },
      { file: 'categories/bakery.json', path: '$.quotePrefill.price.times', message: '"layers" must be a number field of the request form' },
    ]);
  });

  it('when a mapping fills a field with values of another kind, other choices or twice, then loading is refused saying why', async () => {
    expect(
      await problemsWith({
        fields: [
          { quote: 'servings', settings: 'price_per_slice' },
          { quote: 'design', settings: 'delivery_available' },
          { quote: 'includes', settings: 'product_types' },
          { quote: 'tiers', request: 'details.tiers' },
          { quote: 'tiers', settings: 'max_tiers' },
        ],
        price: { settings: 'delivery_available', times: 'details.notes' },
      }),
    ).toEqual([
      {
        file: 'categories/bakery.json',
        path: '$.quotePrefill.fields[0]',
        message: '"price_per_slice" cannot fill the quote\'s "servings": a number cannot fill an integer',
      },
      {
        file: 'categories/bakery.json',
        path: '$.quotePrefill.fields[1]',
        message: '"delivery_available" cannot fill the quote\'s "design": a boolean cannot fill a string',
      },
      {
        file: 'categories/bakery.json',
        path: '$.quotePrefill.fields[2]',
        message: '"product_types" cannot fill the quote\'s "includes": an array cannot fill a string',
      },
      {
        file: 'categories/bakery.json',
        path: '$.quotePrefill.fields[4].quote',
        message: 'prefilled quote field "tiers" is already used by categories/bakery.json ($.quotePrefill.fields[3].quote)',
      },
      {
        file: 'categories/bakery.json',
        path: '$.quotePrefill.price.settings',
        message: `"delivery_available" must be a number field of this category's settings form`,
      },
      { file: 'categories/bakery.json', path: '$.quotePrefill.price.times', message: '"notes" must be a number field of the request form' },
    ]);
  });

  it('when a list of choices fills a list that offers fewer, then loading is refused; the same choices load', async () => {
    const catering = { type: 'array', items: { type: 'string', enum: ['Vanilla', 'Chocolate'] } };
    const copy = await copySchemas();
    copies.push(copy);
    const bakery = (await copy.read('categories/bakery.json')) as { quote: { schema: { properties: Record<string, unknown> } } } & Record<string, unknown>;
    bakery.quote.schema.properties.flavors = catering;
    await copy.write('categories/bakery.json', { ...bakery, quotePrefill: { fields: [{ quote: 'flavors', settings: 'cake_flavors' }] } });
    await expect(loadSnapshot(copy.dir)).rejects.toMatchObject({
      problems: [
        {
          file: 'categories/bakery.json',
          path: '$.quotePrefill.fields[0]',
          message: '"cake_flavors" cannot fill the quote\'s "flavors": its items do not fit: it may hold a choice the quote field does not offer',
        },
      ],
    });
    expect(await problemsWith({ fields: [{ quote: 'tiers', settings: 'max_tiers' }] })).toEqual([]);
  });
});
