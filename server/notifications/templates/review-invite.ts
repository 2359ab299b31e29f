import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** To the customer, the day after the event: how was it? */
export function reviewInviteMail(input: { to: string; name: string; businessName: string; link: string }): Mail {
  return {
    to: input.to,
    subject: `How was ${input.businessName}?`,
    text: `Hi ${input.name},\n\nCongratulations! We hope the day was everything you wished for. Couples planning theirs would love to hear how ${input.businessName} did: ${input.link}`,
    html: paragraphsHtml(
      [
        `Hi ${input.name},`,
        `Congratulations! We hope the day was everything you wished for. Couples planning theirs would love to hear how ${input.businessName} did.`,
      ],
      {
        href: input.link,
        text: 'Write a review',
      },
    ),
  };
}
