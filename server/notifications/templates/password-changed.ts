import { escapeHtml, type Mail } from '../../core/mail/mail';

/** Tells the owner of an account that its password changed, with a way back if it was not them. */
export function passwordChangedMail(input: { to: string; publicUrl: string }): Mail {
  const forgot = `${input.publicUrl}/forgot-password`;
  return {
    to: input.to,
    subject: 'Your Vowly Pro password was changed',
    text: `The password of your Vowly Pro account was just changed, and every other device was signed out.\n\nIf it wasn't you, reset your password now: ${forgot}`,
    html: `<p>The password of your Vowly Pro account was just changed, and every other device was signed out.</p><p>If it wasn't you, <a href="${escapeHtml(forgot)}">reset your password now</a>.</p>`,
  };
}
