import { CONTACT_TOPICS } from '../../../shared/contracts/support';
import type { DomainEvents } from '../../core/events/domain-events';
import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** To the person who wrote to support: what they sent, where the answer will come; a reply reaches support. */
export function supportMessageCopyMail(input: { supportEmail: string } & DomainEvents['support.contacted']): Mail {
  const intro = `We received your message about "${CONTACT_TOPICS[input.topic]}". Support will answer you at ${input.userEmail}.`;
  const outro = 'To add something, reply to this mail.';
  return {
    to: input.userEmail,
    replyTo: input.supportEmail,
    subject: 'We received your message to Vowly Pro support',
    text: `${intro}\n\nHere is what you sent:\n\n${input.message}\n\n${outro}`,
    html: paragraphsHtml([intro, 'Here is what you sent:', ...input.message.split(/\n+/), outro]),
  };
}
