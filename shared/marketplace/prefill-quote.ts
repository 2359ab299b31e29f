import type { QuotePrefill } from '../contracts/category';

/** What a prefill reads: the vendor's saved settings (null before the first save) and the couple's request. */
export interface PrefillSources {
  settings: Record<string, unknown> | null;
  request: { guests: number; details: Record<string, unknown> };
}

/** The price a quote starts with: `cents` = the settings amount × `times` (null: the amount once), in whole cents. */
export interface PrefilledPrice {
  cents: number;
  /** The settings amount, in cents. */
  amountCents: number;
  times: number | null;
}

/** A new quote's starting answers, and where each came from. */
export interface PrefilledQuote {
  /** Answers to the quote form, only those whose source holds a value. */
  details: Record<string, unknown>;
  /** Each filled quote field, by the source of its value. */
  sources: Record<string, 'settings' | 'request'>;
  price: PrefilledPrice | null;
}

/** A value worth starting a field with: a finite number, a boolean, non-blank text, or a non-empty list of those. */
function isFilled(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0 && value.every((item) => typeof item !== 'object' || item === null);
  return false;
}

function fromRequest(request: PrefillSources['request'], operand: string): unknown {
  return operand === 'guests' ? request.guests : request.details[operand.slice('details.'.length)];
}

/** A positive count to multiply a price by, or undefined. */
function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The answers a vendor's new quote starts with, from the category's `quotePrefill` (docs/marketplace.md, Quote prefill): each mapped quote field takes the settings field's (or the
 * request's) value when it has one; the price is the settings amount in US dollars, times the
 * request's guests or answer when the mapping says so, in integer cents. Empty sources fill nothing.
 */
export function prefillQuote(prefill: QuotePrefill | undefined, sources: PrefillSources): PrefilledQuote {
  const details: Record<string, unknown> = {};
  const from: Record<string, 'settings' | 'request'> = {};
  for (const field of prefill?.fields ?? []) {
    const value = 'settings' in field ? sources.settings?.[field.settings] : fromRequest(sources.request, field.request);
    if (!isFilled(value)) continue;
    details[field.quote] = Array.isArray(value) ? [...(value as unknown[])] : value;
    from[field.quote] = 'settings' in field ? 'settings' : 'request';
  }
  return { details, sources: from, price: priceOf(prefill?.price, sources) };
}

function priceOf(mapping: QuotePrefill['price'], sources: PrefillSources): PrefilledPrice | null {
  if (!mapping) return null;
  const amount = sources.settings?.[mapping.settings];
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  const amountCents = Math.round(amount * 100);
  if (!mapping.times) return { cents: amountCents, amountCents, times: null };
  const times = countOf(fromRequest(sources.request, mapping.times));
  if (times === undefined) return null;
  return { cents: Math.round(amountCents * times), amountCents, times };
}
