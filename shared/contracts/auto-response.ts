import { z } from 'zod';
import { formBodySchema } from './form';

/**
 * The line an auto-response ends with when the vendor gave a starting price, worded for what the
 * category prices ("Cakes start at {price} a slice."): `{price}` once, where the price goes, and
 * no other braces.
 */
export const priceLineSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[^{}]*\{price\}[^{}]*$/, 'must contain {price} once, where the starting price goes, and no other braces');

/**
 * `schemas/templates/auto-response.json`: the auto-response form every category gets (`{{label}}`
 * filled in), with the price line of the categories that word none of their own.
 */
export const autoResponseTemplateSchema = formBodySchema.extend({ priceLine: priceLineSchema });

export type AutoResponseTemplate = z.infer<typeof autoResponseTemplateSchema>;
