import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** Tells an owner that their plan ended: as they asked, or because its payment failed after every retry. */
export function subscriptionEndedMail(input: {
  to: string;
  publicUrl: string;
  businessName: string;
  planName: string;
  reason: 'canceled' | 'payment-failed';
}): Mail {
  const link = `${input.publicUrl}/activate-subscription`;
  const why =
    input.reason === 'payment-failed'
      ? `The ${input.planName} plan of ${input.businessName} has ended: its renewal could not be paid after three tries.`
      : `The ${input.planName} plan of ${input.businessName} has ended, as you asked.`;
  const paragraphs = [why, 'Your remaining credits stay yours. Choose a plan again at any time to get monthly credits.'];
  return {
    to: input.to,
    subject: `Your ${input.planName} plan has ended`,
    text: `${paragraphs.join('\n\n')}\n\n${link}`,
    html: paragraphsHtml(paragraphs, { href: link, text: 'Choose a plan' }),
  };
}
