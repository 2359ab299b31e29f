import type { Mail } from '../../core/mail/mail';
import { firstName } from '../../../shared/marketplace/first-name';
import { formatEventDate } from '../../../shared/marketplace/format-event-date';
import { paragraphsHtml } from './paragraphs-html';

/** "June 6, 2027": the date short enough for a subject line (the mail itself names the weekday). */
function shortDate(date: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * To the business's people who want it: a new request matched them, told as a person would
 * ("Jordan would like a quote for their wedding cake: 120 guests on …"). The couple's first name
 * is theirs to see before quoting (the match shows it); their email and phone come only with a quote.
 */
export function newMatchMail(input: {
  to: string;
  customerName: string;
  /** The category's `serviceName`, as it reads after "their" ("wedding cake"). */
  serviceName: string;
  eventDate: string;
  guests: number;
  location: string;
  link: string;
}): Mail {
  const name = firstName(input.customerName);
  const guests = `${input.guests} ${input.guests === 1 ? 'guest' : 'guests'}`;
  const ask = `${name || 'A couple'} would like a quote for their ${input.serviceName}: ${guests} on ${formatEventDate(input.eventDate)}, in ${input.location}.`;
  return {
    to: input.to,
    subject: `New request: ${name ? `${name}'s` : "a couple's"} ${input.serviceName} for ${guests} on ${shortDate(input.eventDate)} in ${input.location}`,
    text: `${ask}\n\nReading the request is free; quote it from your dashboard: ${input.link}`,
    html: paragraphsHtml([ask, 'Reading the request is free; quote it from your dashboard.'], { href: input.link, text: 'Read the request' }),
  };
}
