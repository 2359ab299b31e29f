import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** To the customer: a vendor sent a quote. */
export function newQuoteMail(input: { to: string; name: string; businessName: string; link: string }): Mail {
  return {
    to: input.to,
    subject: `${input.businessName} sent you a quote`,
    text: `Hi ${input.name},\n\n${input.businessName} sent you a quote. Read it, and compare it with the others, on your request's page: ${input.link}`,
    html: paragraphsHtml([`Hi ${input.name},`, `${input.businessName} sent you a quote.`], { href: input.link, text: 'Read your quotes' }),
  };
}
