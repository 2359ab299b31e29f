import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** To the business's people who want message notices: the couple wrote in a quote's thread. */
export function customerMessageMail(input: { to: string; customerName: string; body: string; link: string }): Mail {
  return {
    to: input.to,
    subject: `${input.customerName} wrote to you`,
    text: `${input.customerName} wrote:\n\n${input.body}\n\nAnswer in your inbox: ${input.link}`,
    html: paragraphsHtml([`${input.customerName} wrote:`, ...input.body.split(/\n+/)], { href: input.link, text: 'Answer' }),
  };
}
