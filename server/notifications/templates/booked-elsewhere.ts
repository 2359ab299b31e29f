import type { Mail } from '../../core/mail/mail';
import { formatEventDate } from '../../../shared/marketplace/format-event-date';
import { paragraphsHtml } from './paragraphs-html';

/** To a business: the couple booked another vendor, so its quote or match closed. */
export function bookedElsewhereMail(input: { to: string; customerName: string; eventDate: string; link: string }): Mail {
  const line = `${input.customerName} booked another vendor for ${formatEventDate(input.eventDate)}, so your quote is closed. Nothing more is needed from you.`;
  return {
    to: input.to,
    subject: `${input.customerName} booked another vendor`,
    text: `${line}\n\n${input.link}`,
    html: paragraphsHtml([line], { href: input.link, text: 'Open the quote' }),
  };
}
