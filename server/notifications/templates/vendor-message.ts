import type { Mail } from '../../core/mail/mail';
import { vendorMessageMailText } from '../../../shared/marketplace/vendor-message-mail-text';
import { paragraphsHtml } from './paragraphs-html';

/**
 * To the customer: the vendor's automatic first reply, or the messages its people wrote since the
 * last mail, oldest first (words shared with the auto-response preview).
 */
export function vendorMessageMail(input: { to: string; name: string; businessName: string; bodies: string[]; link: string }): Mail {
  const mail = vendorMessageMailText({
    coupleFirstName: input.name,
    businessName: input.businessName,
    body: input.bodies.join('\n\n'),
    count: input.bodies.length,
  });
  return {
    to: input.to,
    subject: mail.subject,
    text: `${mail.greeting}\n\n${mail.lead}\n\n${mail.body}\n\n${mail.action} on your request's page: ${input.link}`,
    html: paragraphsHtml([mail.greeting, mail.lead, ...mail.body.split(/\n+/)], { href: input.link, text: mail.action }),
  };
}
