import { fillMergeFields } from '../forms/fill-merge-fields';
import { firstName } from './first-name';
import { formatEventDate } from './format-event-date';

/** What a quote's message may say of its couple and their event. */
export interface TemplateCouple {
  /** The name the couple gave ("Jamie Lee"). */
  name: string;
  /** `YYYY-MM-DD`. */
  eventDate: string;
  guests: number;
  location: string;
}

/** Words that, after a number, say it counts the guests ("150 guests"). */
const GUEST_WORDS = 'guests?|people|persons|attendees|pax';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` with every whole-word `word` (any case) made `token`. */
function replaceWord(text: string, word: string, token: string): string {
  if (word.trim().length < 2) return text;
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped(word.trim())}(?![\\p{L}\\p{N}])`, 'giu'), token);
}

/** The ways a message may write the event's day, longest first: "Saturday, June 12, 2027", "June 12, 2027", "2027-06-12", "June 12". */
function dateSpellings(date: string): string[] {
  const long = formatEventDate(date);
  if (long === date) return [date];
  const withoutDay = long.replace(/^[^,]+,\s*/, '');
  return [long, withoutDay, date, withoutDay.replace(/,\s*\d{4}$/, '')];
}

/**
 * A quote's message as a template keeps it (docs/marketplace.md, Quote templates): what it says
 * of this couple becomes merge fields, so the next couple reads their own name, date, guests and
 * place, never this one's: their full and first name → `{customer_name}`, the day → `{event_date}`,
 * the guest count before "guests" (or "people") → `{guests}`, the place → `{location}`.
 */
export function templateTextOf(message: string, couple: TemplateCouple): string {
  let text = message;
  const full = couple.name.trim();
  const first = firstName(full);
  if (full.includes(' ')) text = replaceWord(text, full, '{customer_name}');
  text = replaceWord(text, first, '{customer_name}');
  if (couple.location.trim()) text = replaceWord(text, couple.location, '{location}');
  for (const spelling of dateSpellings(couple.eventDate)) text = replaceWord(text, spelling, '{event_date}');
  text = text.replace(new RegExp(`(?<![\\p{N}.,$])${couple.guests}(?=\\s+(?:${GUEST_WORDS})(?![\\p{L}]))`, 'giu'), '{guests}');
  return text;
}

/** A template's message for a couple: its merge fields filled from their request (those a quote cannot know stay as written). */
export function templateTextFor(template: string, couple: TemplateCouple, more: { category?: string; businessName?: string } = {}): string {
  return fillMergeFields(template, {
    customer_name: firstName(couple.name),
    event_date: formatEventDate(couple.eventDate),
    guests: String(couple.guests),
    location: couple.location,
    ...(more.category ? { category: more.category } : {}),
    ...(more.businessName ? { business_name: more.businessName } : {}),
  });
}
