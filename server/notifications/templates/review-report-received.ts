import { REPORT_REASONS } from '../../../shared/contracts/reviews';
import type { DomainEvents } from '../../core/events/domain-events';
import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** The label of a report's reason, or the reason as stored when it is not one the form offers (any more). */
export function reportReasonText(reason: string): string {
  return Object.hasOwn(REPORT_REASONS, reason) ? REPORT_REASONS[reason as keyof typeof REPORT_REASONS] : reason;
}

/** To the person of the business who reported a review: what support received, and that the review stays published meanwhile; a reply reaches support. */
export function reviewReportReceivedMail(input: { supportEmail: string; link: string } & DomainEvents['review.reported']): Mail {
  const lines = [
    `We received your report of ${input.customerName}'s review (${input.rating} of 5). Support will look at it and answer you at ${input.reporterEmail}.`,
    `Your reason: ${reportReasonText(input.reason)}${input.note ? `. Your note: ${input.note}` : ''}`,
    'No business can hide a review, so it stays published while support decides. To add something, reply to this mail.',
  ];
  return {
    to: input.reporterEmail,
    replyTo: input.supportEmail,
    subject: `We received your report of ${input.customerName}'s review`,
    text: `${lines.join('\n\n')}\n\nYour reviews: ${input.link}`,
    html: paragraphsHtml(lines, { href: input.link, text: 'Open your reviews' }),
  };
}
