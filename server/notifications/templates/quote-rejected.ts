import type { Mail } from '../../core/mail/mail';
import { formatEventDate } from '../../../shared/marketplace/format-event-date';
import { paragraphsHtml } from './paragraphs-html';

/** To the business: the couple turned its quote down. */
export function quoteRejectedMail(input: { to: string; customerName: string; eventDate: string; link: string }): Mail {
  return {
    to: input.to,
    subject: `${input.customerName} chose another vendor`,
    text: `${input.customerName} turned down your quote for ${formatEventDate(input.eventDate)}. It is in your rejected quotes: ${input.link}`,
    html: paragraphsHtml([`${input.customerName} turned down your quote for ${formatEventDate(input.eventDate)}.`], {
      href: input.link,
      text: 'See the quote',
    }),
  };
}
