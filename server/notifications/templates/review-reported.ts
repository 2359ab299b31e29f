import type { DomainEvents } from '../../core/events/domain-events';
import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';
import { reportReasonText } from './review-report-received';

/** To support: a business reported a review; both sides are named so support can decide. */
export function reviewReportedMail(input: { to: string } & DomainEvents['review.reported']): Mail {
  const lines = [
    `${input.businessName} (id ${input.vendorId}; ${input.reporterEmail}${input.reporterEmailVerified ? '' : ', an address not verified yet'}) reported a review. The review stays published until support decides.`,
    `Reason: ${reportReasonText(input.reason)}${input.note ? `. Note: ${input.note}` : ''}`,
    `Review ${input.reviewId} by ${input.customerName} (${input.customerEmail}), ${input.rating} of 5:`,
    ...(input.title ? [input.title] : []),
    input.body,
  ];
  return {
    to: input.to,
    subject: `Review reported by ${input.businessName}`,
    text: lines.join('\n\n'),
    html: paragraphsHtml(lines),
  };
}
