import type { UiSchema } from '@rjsf/utils';
import type { QuotePrefill } from '../../../../shared/contracts/category';
import type { QuoteTemplate } from '../../../../shared/contracts/quote-templates';
import { prefillQuote } from '../../../../shared/marketplace/prefill-quote';
import { templateTextFor, type TemplateCouple } from '../../../../shared/marketplace/quote-template-text';
import { formatCents } from '../../lib/format/format-cents';

type Data = Record<string, unknown>;

/** What the quote form starts with: its answers, the price as the field shows it, and where they came from. */
export interface QuoteStart {
  details: Data;
  priceText: string;
  /** What the price field says of the amount it started at; null when it started empty. */
  priceHelp: string | null;
  /** The help of each quote field that started from the request ("From the request: 120 guests."). */
  fieldHelp: Record<string, string>;
  /** Whether anything came from the vendor's settings (the page then says so, with a link to them). */
  fromSettings: boolean;
}

/** Cents as the price field shows them: "900", "1,234.50" (the field draws the $). */
export function priceTextOf(cents: number): string {
  return formatCents(cents).replace('$', '');
}

/**
 * A new quote's start (docs/marketplace.md, Quote prefill): the category's prefill applied to the
 * vendor's saved settings (null: none saved, or not readable) and the couple's request, with the
 * help that says which values depend on the request.
 */
export function quoteStartOf(prefill: QuotePrefill | undefined, settings: Data | null, request: { guests: number; details: Data }): QuoteStart {
  const filled = prefillQuote(prefill, { settings, request });
  const fieldHelp: Record<string, string> = {};
  for (const field of prefill?.fields ?? []) {
    if (filled.sources[field.quote] !== 'request' || !('request' in field)) continue;
    fieldHelp[field.quote] = field.request === 'guests' ? `From the request: ${String(request.guests)} guests.` : 'From the couple’s request.';
  }
  const price = filled.price;
  let priceHelp: string | null = null;
  if (price) {
    const amount = formatCents(price.amountCents);
    if (price.times === null) priceHelp = `From your settings: ${amount}.`;
    else if (prefill?.price?.times === 'guests') priceHelp = `From your settings and the request: ${amount} × ${String(price.times)} guests.`;
    else priceHelp = `From your settings and the request: ${amount} × ${String(price.times)}.`;
  }
  return {
    details: filled.details,
    priceText: price ? priceTextOf(price.cents) : '',
    priceHelp,
    fieldHelp,
    fromSettings: price !== null || Object.values(filled.sources).includes('settings'),
  };
}

/** The quote form's uiSchema with a help line under each field named in `help` (its own help, if any, first). */
export function withFieldHelp(uiSchema: UiSchema<Data>, help: Record<string, string>): UiSchema<Data> {
  if (Object.keys(help).length === 0) return uiSchema;
  const next: UiSchema<Data> = { ...uiSchema };
  for (const [field, text] of Object.entries(help)) {
    const own = (uiSchema[field] ?? {}) as Record<string, unknown>;
    next[field] = { ...own, 'ui:help': typeof own['ui:help'] === 'string' ? `${own['ui:help']} ${text}` : text };
  }
  return next;
}

/** The quote form's fields the category's prefill takes from the couple's request (guests, tiers…): each request says them anew. */
export function requestFieldsOf(prefill: QuotePrefill | undefined): Set<string> {
  return new Set((prefill?.fields ?? []).filter((field) => 'request' in field).map((field) => field.quote));
}

/** An answer as the form shows it, for comparing: every empty one alike (left out, unticked, blank, none chosen). */
function answerText(value: unknown): string {
  const empty = value === undefined || value === null || value === false || value === '' || (Array.isArray(value) && value.length === 0);
  return empty ? '' : JSON.stringify(value);
}

/** What a chosen template makes of the form, and which of its fields that changed ("price", "message", or a quote form field). */
export interface TemplateStart {
  details: Data;
  priceText: string;
  messageText: string;
  changed: string[];
}

/**
 * The form's values once a template is chosen (docs/marketplace.md, Quote templates): its answers,
 * but for the fields taken from the couple's request, which stay as this request has them; its
 * price and message where it has them (else what the form holds), the message's merge fields
 * filled for this couple.
 */
export function fromTemplate(
  template: QuoteTemplate,
  current: { details: Data; priceText: string; messageText: string },
  request: { fields: Set<string>; couple: TemplateCouple; category?: string },
): TemplateStart {
  const details = structuredClone(template.details);
  for (const field of request.fields) {
    if (field in current.details) details[field] = structuredClone(current.details[field]);
    else delete details[field];
  }
  const priceText = template.priceCents === null ? current.priceText : priceTextOf(template.priceCents);
  const messageText = template.message === null ? current.messageText : templateTextFor(template.message, request.couple, { category: request.category });
  const fields = [...new Set([...Object.keys(current.details), ...Object.keys(details)])];
  const changed = [
    ...(priceText !== current.priceText ? ['price'] : []),
    ...(messageText !== current.messageText ? ['message'] : []),
    ...fields.filter((field) => answerText(current.details[field]) !== answerText(details[field])),
  ];
  return { details, priceText, messageText, changed };
}
