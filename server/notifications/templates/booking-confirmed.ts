import type { Mail } from '../../core/mail/mail';
import { formatEventDate } from '../../../shared/marketplace/format-event-date';
import { paragraphsHtml } from './paragraphs-html';

/** To the couple: they booked a vendor; how to reach them. */
export function bookingConfirmedMail(input: {
  to: string;
  name: string;
  eventDate: string;
  vendor: { name: string; phone: string | null; email: string | null };
  link: string;
}): Mail {
  const reach = [input.vendor.phone && `Phone: ${input.vendor.phone}`, input.vendor.email && `Email: ${input.vendor.email}`].filter((line): line is string =>
    Boolean(line),
  );
  const lines = [
    `Hi ${input.name},`,
    `You booked ${input.vendor.name} for ${formatEventDate(input.eventDate)}. They have been told and will be in touch to settle the details.`,
    ...(reach.length > 0 ? [`How to reach ${input.vendor.name}:`, ...reach] : []),
    'The other quotes of your request are closed.',
  ];
  return {
    to: input.to,
    subject: `You booked ${input.vendor.name} for ${formatEventDate(input.eventDate)}`,
    text: `${lines.join('\n\n')}\n\nYour request's page: ${input.link}`,
    html: paragraphsHtml(lines, { href: input.link, text: 'Open your request' }),
  };
}
