import type { QuoteTemplate } from '../../shared/contracts/quote-templates';
import { jsonObjectOf } from '../core/db/json-column';
import type { QuoteTemplateRow } from './quotes.table';

/** A `quote_templates` row as the API answers it: its details parsed, its times and price numbers. */
export function toQuoteTemplate(row: QuoteTemplateRow): QuoteTemplate {
  return {
    id: row.id,
    category: row.category_id,
    name: row.name,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    message: row.message,
    details: jsonObjectOf(row.details),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
