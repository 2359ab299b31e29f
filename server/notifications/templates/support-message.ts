import { ROLES } from '../../../shared/ability/roles';
import { CONTACT_TOPICS } from '../../../shared/contracts/support';
import type { DomainEvents } from '../../core/events/domain-events';
import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

/** To support: someone of a business wrote from /contact; the business and the person are named, and a reply goes to them. */
export function supportMessageMail(input: { to: string } & DomainEvents['support.contacted']): Mail {
  const business = input.businessName || 'A business with no name yet';
  const role = input.userRole === ROLES.owner ? 'the owner' : 'a team member';
  const head = [
    `Topic: ${CONTACT_TOPICS[input.topic]}`,
    `Business: ${business} (id ${input.vendorId})`,
    `From: ${input.userEmail}, ${role}${input.userEmailVerified ? '' : ' (this address is not verified yet: it may not be theirs)'}. Replying to this mail answers them.`,
  ];
  return {
    to: input.to,
    replyTo: input.userEmail,
    subject: `Support request from ${business}: ${CONTACT_TOPICS[input.topic]}`,
    text: `${head.join('\n')}\n\n${input.message}`,
    html: paragraphsHtml([...head, ...input.message.split(/\n+/)]),
  };
}
