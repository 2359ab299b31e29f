import type { Mail } from '../../core/mail/mail';
import { formatEventDate } from '../../../shared/marketplace/format-event-date';
import { paragraphsHtml } from './paragraphs-html';

/** To the customer, at once: confirm the request by opening the link; nothing is sent to vendors before. */
export function confirmRequestMail(input: { to: string; name: string; categoryLabel: string; eventDate: string; link: string }): Mail {
  const when = formatEventDate(input.eventDate);
  const lines = [
    `Hi ${input.name},`,
    `Thank you for asking for ${input.categoryLabel.toLowerCase()} quotes for ${when} on Vowly.`,
    'Confirm your request to send it to vendors near you. Your quotes will be on the same page as they arrive; keep this email to return to it.',
  ];
  return {
    to: input.to,
    subject: `Confirm your ${input.categoryLabel.toLowerCase()} request`,
    text: `${lines.join('\n\n')}\n\nConfirm and see your quotes: ${input.link}\n\nIf you did not ask for quotes, ignore this email: nothing is sent without your confirmation.`,
    html:
      paragraphsHtml([...lines], { href: input.link, text: 'Confirm and see your quotes' }) +
      paragraphsHtml(['If you did not ask for quotes, ignore this email: nothing is sent without your confirmation.']),
  };
}
