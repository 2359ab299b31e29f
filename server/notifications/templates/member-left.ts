import { escapeHtml, type Mail } from '../../core/mail/mail';

/** Tells an owner that a team member left. */
export function memberLeftMail(input: { to: string; memberEmail: string; businessName: string }): Mail {
  return {
    to: input.to,
    subject: `${input.memberEmail} left your team on Vowly Pro`,
    text: `${input.memberEmail} left the team of ${input.businessName} on Vowly Pro. Their login was closed; you can invite someone else in Settings.`,
    html: `<p>${escapeHtml(input.memberEmail)} left the team of ${escapeHtml(input.businessName)} on Vowly Pro. Their login was closed; you can invite someone else in Settings.</p>`,
  };
}
