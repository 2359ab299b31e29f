import type { Mail } from '../../core/mail/mail';
import { formatEventDate } from '../../../shared/marketplace/format-event-date';
import { paragraphsHtml } from './paragraphs-html';

/** To the business's people who want it: a new request matched them. */
export function newMatchMail(input: { to: string; categoryLabel: string; eventDate: string; guests: number; location: string; link: string }): Mail {
  const summary = `${input.categoryLabel} for ${input.guests} guests in ${input.location} on ${formatEventDate(input.eventDate)}.`;
  return {
    to: input.to,
    subject: `New ${input.categoryLabel.toLowerCase()} request: ${formatEventDate(input.eventDate)}`,
    text: `A couple is looking for ${input.categoryLabel.toLowerCase()}: ${summary}\n\nReading it is free; quote it from your dashboard: ${input.link}`,
    html: paragraphsHtml([`A couple is looking for ${input.categoryLabel.toLowerCase()}: ${summary}`, 'Reading it is free.'], {
      href: input.link,
      text: 'Read the request',
    }),
  };
}
