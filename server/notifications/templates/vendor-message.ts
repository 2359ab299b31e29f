import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** To the customer: the vendor's automatic first reply, or a message. */
export function vendorMessageMail(input: { to: string; name: string; businessName: string; body: string; link: string }): Mail {
  return {
    to: input.to,
    subject: `${input.businessName} wrote to you`,
    text: `Hi ${input.name},\n\n${input.businessName} wrote:\n\n${input.body}\n\nReply on your request's page: ${input.link}`,
    html: paragraphsHtml([`Hi ${input.name},`, `${input.businessName} wrote:`, ...input.body.split(/\n+/)], { href: input.link, text: 'Reply' }),
  };
}
