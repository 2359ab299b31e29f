import type { Mail } from '../../core/mail/mail';
import { formatEventDate } from '../../../shared/marketplace/format-event-date';
import { paragraphsHtml } from './paragraphs-html';

/** To the business: the couple accepted its quote. */
export function quoteAcceptedMail(input: { to: string; customerName: string; eventDate: string; link: string }): Mail {
  return {
    to: input.to,
    subject: `You are booked: ${input.customerName}, ${formatEventDate(input.eventDate)}`,
    text: `${input.customerName} accepted your quote for ${formatEventDate(input.eventDate)}. Their contact details are on the quote: ${input.link}`,
    html: paragraphsHtml([`${input.customerName} accepted your quote for ${formatEventDate(input.eventDate)}.`], {
      href: input.link,
      text: 'Open the booking',
    }),
  };
}
