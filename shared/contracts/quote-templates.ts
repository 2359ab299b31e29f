import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { submitQuoteBodySchema } from './marketplace';
import { nameSchema } from './route';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../validators/single-line';

/** The longest name of a quote template (what the vendor picks it by). */
export const QUOTE_TEMPLATE_NAME_MAX_LENGTH = 60;
/** The most quote templates a business keeps in one category. */
export const QUOTE_TEMPLATES_PER_CATEGORY = 20;

const templateName = z
  .string({ error: 'Name this template' })
  .trim()
  .min(1, 'Name this template')
  .max(QUOTE_TEMPLATE_NAME_MAX_LENGTH, `Use at most ${QUOTE_TEMPLATE_NAME_MAX_LENGTH} characters`)
  .refine(isSingleLine, SINGLE_LINE_MESSAGE);

/** What a template keeps of a quote: the price and the message by the submit's own rules (either may be left out), and the quote form's answers. */
const contentShape = {
  priceCents: submitQuoteBodySchema.shape.priceCents.nullable().optional(),
  message: submitQuoteBodySchema.shape.message.nullable().optional(),
  details: z.record(z.string(), z.unknown(), { error: 'Send the quote form answers as a JSON object' }),
};

/** `POST /api/quote-templates`: a quote saved under a name, for the category's next quotes. */
export const createQuoteTemplateBodySchema = z.strictObject({ category: nameSchema, name: templateName, ...contentShape });
export type CreateQuoteTemplateBody = z.infer<typeof createQuoteTemplateBodySchema>;

/** `PATCH /api/quote-templates/:id`: a new name, new content, or both. */
export const updateQuoteTemplateBodySchema = z
  .strictObject({ name: templateName.optional(), ...contentShape, details: contentShape.details.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send a new name or new content', path: ['name'] });
export type UpdateQuoteTemplateBody = z.infer<typeof updateQuoteTemplateBodySchema>;

/** `GET /api/quote-templates?category=<id>`. */
export const quoteTemplateQuerySchema = z.strictObject({ category: nameSchema });

/** A business's quote template (docs/marketplace.md, Quote templates): a named quote of a category to start the next one from. */
export const quoteTemplateSchema = z.object({
  id: z.string(),
  category: z.string(),
  name: z.string(),
  priceCents: z.number().int().nullable(),
  message: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type QuoteTemplate = z.infer<typeof quoteTemplateSchema>;

/** `GET /api/quote-templates?category=<id>`: the business's templates of the category, by name. */
export const quoteTemplatesResponseSchema = envelopeSchema(z.array(quoteTemplateSchema));
