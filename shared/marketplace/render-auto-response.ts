import type { Category } from '../contracts/category';
import { fillMergeFields } from '../forms/fill-merge-fields';
import { firstName } from './first-name';
import { formatEventDate } from './format-event-date';
import { vendorMessageMailText, type VendorMessageMailText } from './vendor-message-mail-text';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** What an auto-response is rendered from: the business's saved form, its category, the couple and their event. */
export interface AutoResponseInput {
  /** The business's saved auto-response form (`enabled`, `message`, `starting_price` in US dollars), or null before its first save. */
  saved: Record<string, unknown> | null;
  category: Pick<Category, 'serviceName' | 'priceLine'>;
  businessName: string;
  couple: { name: string; email: string };
  /** `date` is `YYYY-MM-DD`. */
  event: { date: string; guests: number; location: string };
}

/** An auto-response as the couple reads it: the thread's first message, and the mail that brings it. */
export interface AutoResponse {
  /** The message with its merge fields filled, then the starting price in the category's words. */
  body: string;
  mail: VendorMessageMailText & { to: string };
}

/** A starting price as couples read prices: "$350" for whole dollars, "$6.50" otherwise. */
function formatPrice(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollars.format(cents / 100);
}

/**
 * The business's auto-response to a new match, exactly as the couple reads it (docs/marketplace.md): the merge fields filled, the starting price (when given) on a line of its own in
 * the category's words ("Cakes start at $6.50 a slice."), and the mail it comes in. Null when the
 * business has it off or has no message. The server sends this; the auto-response screen previews it.
 */
export function renderAutoResponse(input: AutoResponseInput): AutoResponse | null {
  const { saved, category, couple, event } = input;
  if (!saved || saved.enabled !== true || typeof saved.message !== 'string' || saved.message.trim() === '') return null;
  const coupleFirstName = firstName(couple.name);
  const text = fillMergeFields(saved.message, {
    customer_name: coupleFirstName,
    event_date: formatEventDate(event.date),
    category: category.serviceName,
    guests: String(event.guests),
    location: event.location,
    business_name: input.businessName,
  });
  const price = saved.starting_price;
  const body = typeof price === 'number' && Number.isFinite(price) ? `${text}\n\n${category.priceLine.replace('{price}', () => formatPrice(price))}` : text;
  return { body, mail: { to: couple.email, ...vendorMessageMailText({ coupleFirstName, businessName: input.businessName, body }) } };
}
