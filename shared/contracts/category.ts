import { z } from 'zod';
import { priceLineSchema } from './auto-response';
import { formBodySchema, onSaveSchema } from './form';
import { categoryGuardRuleSchema } from './guard-rule';
import { jsonObjectSchema } from './json';
import { nameSchema } from './route';

/** The three slugs of a category's route families (docs/operators.md: Add a vendor category; they differ per family). */
export const categorySlugsSchema = z.strictObject({
  profile: nameSchema,
  quoteDetail: nameSchema,
  autoResponse: nameSchema,
});

const fieldName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a snake_case field name');

/**
 * What a fit rule compares from a request: the guest count, the budget (US dollars, whole or per
 * guest, from `budgetCents`), or a field of the category's request form (`details.<field>`).
 */
export const fitOperandSchema = z.union([
  z.enum(['guests', 'budget', 'budgetPerGuest']),
  z.string().regex(/^details\.[a-z][a-z0-9_]*$/, 'must be guests, budget, budgetPerGuest or details.<field>'),
]);

/**
 * A category's "fit" rule (docs/marketplace.md): a request matches a vendor only when
 * `request <op> settings` holds for the vendor's saved settings. A rule whose settings field the
 * vendor left empty passes (a lead is never hidden for an unanswered question), and so does one
 * whose request value is missing. `>=`/`<=` compare numbers; `in`: the request's value is one of
 * the settings' list; `subset`: every value of the request's list is in the settings' list;
 * `overlaps`: the two lists share a value; `requires`: when the request asks for it (true), the
 * settings must offer it (a ceremony on site, delivery).
 */
export const fitRuleSchema = z.strictObject({
  id: nameSchema,
  request: fitOperandSchema,
  op: z.enum(['>=', '<=', 'in', 'subset', 'overlaps', 'requires']),
  settings: fieldName,
  /** What the rule checks, in the vendor's words ("Guests within your minimum order"). */
  label: z.string().min(1).max(120),
});

/**
 * A line the public profile and the directory show for a category, from one field of the
 * vendor's saved settings: `{value}` in `text` becomes the field's value ("Cakes from {value} a
 * slice"). `format`: `money` (a USD amount: "$7.50", "$1,200"), `number` ("1,200"), or by default
 * the value as saved, a list's choices joined with commas and a choice by its label. A boolean
 * field shows `text` as it is when turned on. A field the vendor left empty shows no line.
 */
export const highlightSchema = z.strictObject({
  settings: fieldName,
  text: z.string().min(1).max(120),
  format: z.enum(['money', 'number']).optional(),
});

/** What a prefilled quote answer is taken from in the request: the guest count, or an answer of the request form (`details.<field>`). */
export const prefillRequestOperandSchema = z.union([z.literal('guests'), z.string().regex(/^details\.[a-z][a-z0-9_]*$/, 'must be guests or details.<field>')]);

/** One quote form field a new quote starts with: from a field of the vendor's saved settings, or from the request. */
export const quotePrefillFieldSchema = z.union([
  z.strictObject({ quote: fieldName, settings: fieldName }),
  z.strictObject({ quote: fieldName, request: prefillRequestOperandSchema }),
]);

/**
 * What a vendor's new quote starts with (docs/marketplace.md, Quote prefill), so it does not
 * start blank when the settings already say the prices: `fields` copy a settings field (or the
 * request's guests or answer) into a quote form field of the same kind; `price` starts the
 * quote's price from a settings amount in US dollars, once or `times` the request's guests or a
 * number it answered (a price per slice × guests), in integer cents. A source left empty fills nothing.
 */
export const quotePrefillSchema = z.strictObject({
  fields: z.array(quotePrefillFieldSchema).max(30).default([]),
  price: z.strictObject({ settings: fieldName, times: prefillRequestOperandSchema.optional() }).optional(),
});

/** A file in `schemas/categories/`; its `id` equals the file name without `.json`. */
export const categoryFileSchema = z.strictObject({
  $schema: z.string().optional(),
  id: nameSchema,
  label: z.string().min(1),
  description: z.string().min(1).optional(),
  /** What couples plan with this trade, as it reads after "your" ("wedding cake"); the `{category}` merge field. Default: the label. */
  serviceName: z.string().min(1).max(60).optional(),
  vendorTypeId: z.number().int().min(1),
  slugs: categorySlugsSchema,
  settings: formBodySchema.optional(),
  autoResponse: z
    .strictObject({
      schema: jsonObjectSchema.optional(),
      uiSchema: jsonObjectSchema.optional(),
      onSave: onSaveSchema.optional(),
      /** The starting-price line as this trade prices ("Cakes start at {price} a slice."); default: the template's. */
      priceLine: priceLineSchema.optional(),
      /** The starting-price field's title, saying what the price is of ("Starting price per slice (USD)"). */
      priceTitle: z.string().min(1).max(80).optional(),
    })
    .optional(),
  onboarding: onSaveSchema.optional(),
  guardRule: categoryGuardRuleSchema.optional(),
  /** Credits a vendor spends to quote one of this category's requests (reading a match is free). */
  leadCost: z.number().int().min(0).max(100).default(1),
  /** The customer's questions (form `request-<id>`); default `templates/request.json`. */
  request: formBodySchema.optional(),
  /** The vendor's answer beside the price and message (form `quote-<id>`); default `templates/quote.json`. */
  quote: formBodySchema.optional(),
  /** What a new quote starts with, from the vendor's settings and the request (none: it starts blank). */
  quotePrefill: quotePrefillSchema.optional(),
  /** The settings field that says how much notice the vendor needs, in days or weeks (besides onboarding's). */
  notice: z.strictObject({ field: fieldName, unit: z.enum(['days', 'weeks']) }).optional(),
  fit: z.array(fitRuleSchema).max(20).default([]),
  /** What the public profile and the directory say of the vendor's settings, in order (at most 6 lines). */
  highlights: z.array(highlightSchema).max(6).optional(),
});

/** A category as served by `GET /api/config/categories`. */
export const categorySchema = z.strictObject({
  id: nameSchema,
  label: z.string(),
  description: z.string().optional(),
  /** "wedding cake": what `{category}` becomes in an auto-response (the label in lower case when the file names none). */
  serviceName: z.string(),
  /** The auto-response's starting-price line, `{price}` where the price goes (the file's `autoResponse.priceLine` or the template's). */
  priceLine: z.string(),
  vendorTypeId: z.number().int(),
  slugs: categorySlugsSchema,
  routes: z.strictObject({
    profile: nameSchema,
    quoteDetail: nameSchema,
    autoResponse: nameSchema,
    settings: nameSchema.optional(),
  }),
  forms: z.strictObject({ settings: nameSchema.optional(), autoResponse: nameSchema, request: nameSchema, quote: nameSchema }),
  guardRule: categoryGuardRuleSchema.optional(),
  leadCost: z.number().int(),
  /** What a new quote of the category starts with (the file's `quotePrefill`), for the quote page. */
  quotePrefill: quotePrefillSchema.optional(),
});

/** `GET /api/config/categories`. */
export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });

export type CategoryFile = z.infer<typeof categoryFileSchema>;
export type FitRule = z.infer<typeof fitRuleSchema>;
export type Highlight = z.infer<typeof highlightSchema>;
export type Category = z.infer<typeof categorySchema>;
export type QuotePrefill = z.infer<typeof quotePrefillSchema>;
export type QuotePrefillField = z.infer<typeof quotePrefillFieldSchema>;
