import { escapeHtml, type Mail } from '../../core/mail/mail';

/** Tells a team member that the owner removed them and their login is closed. */
export function memberRemovedMail(input: { to: string; businessName: string }): Mail {
  return {
    to: input.to,
    subject: `You no longer have access to ${input.businessName} on Vowly Pro`,
    text: `${input.businessName} removed you from their team on Vowly Pro, and your login was closed. If you think this is a mistake, ask them to invite you again.`,
    html: `<p>${escapeHtml(input.businessName)} removed you from their team on Vowly Pro, and your login was closed. If you think this is a mistake, ask them to invite you again.</p>`,
  };
}
