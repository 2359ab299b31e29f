import { escapeHtml, type Mail } from '../../core/mail/mail';

/** An invitation to join a business's team (7 days). */
export function teamInvitationMail(input: { to: string; businessName: string; link: string }): Mail {
  return {
    to: input.to,
    subject: `${input.businessName} invited you to Vowly Pro`,
    text: `${input.businessName} invited you to manage quotes and customer leads with them on Vowly Pro.\n\nJoin the team: ${input.link}\n\nThe invitation is valid for 7 days.`,
    html: `<p>${escapeHtml(input.businessName)} invited you to manage quotes and customer leads with them on Vowly Pro.</p><p><a href="${escapeHtml(input.link)}">Join the team</a></p><p>The invitation is valid for 7 days.</p>`,
  };
}
