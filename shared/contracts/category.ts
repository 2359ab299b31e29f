import { z } from 'zod';
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
 * A category's "fit" rule (README: Marketplace): a request matches a vendor only when
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
});

/** `GET /api/config/categories`. */
export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });

export type CategoryFile = z.infer<typeof categoryFileSchema>;
export type FitRule = z.infer<typeof fitRuleSchema>;
export type Highlight = z.infer<typeof highlightSchema>;
export type Category = z.infer<typeof categorySchema>;
