import { escapeHtml, type Mail } from '../../core/mail/mail';

/** The reset link asked for at /forgot-password (one hour, single use). */
export function passwordResetMail(input: { to: string; link: string }): Mail {
  return {
    to: input.to,
    subject: 'Reset your Vowly Pro password',
    text: `Someone asked to reset the password of your Vowly Pro account.\n\nSet a new password: ${input.link}\n\nThe link works once, for one hour. If it wasn't you, ignore this email: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Vowly Pro account.</p><p><a href="${escapeHtml(input.link)}">Set a new password</a></p><p>The link works once, for one hour. If it wasn't you, ignore this email: your password stays as it is.</p>`,
  };
}
