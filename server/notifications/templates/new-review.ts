import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** To the business's people who want review notices: a couple reviewed them. */
export function newReviewMail(input: { to: string; customerName: string; rating: number; link: string }): Mail {
  const stars = `${input.rating} star${input.rating === 1 ? '' : 's'}`;
  const line = `${input.customerName} reviewed your business: ${stars}. The review is published; you can reply to it publicly.`;
  return {
    to: input.to,
    subject: `New review from ${input.customerName}: ${stars}`,
    text: `${line}\n\n${input.link}`,
    html: paragraphsHtml([line], { href: input.link, text: 'Read and reply' }),
  };
}
