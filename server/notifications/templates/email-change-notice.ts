import { escapeHtml, type Mail } from '../../core/mail/mail';

/** Warns the current address that someone asked to move the account to another one. */
export function emailChangeNoticeMail(input: { to: string; newEmail: string; publicUrl: string }): Mail {
  const forgot = `${input.publicUrl}/forgot-password`;
  return {
    to: input.to,
    subject: 'Your Vowly Pro email address is about to change',
    text: `Someone signed in to your Vowly Pro account asked to change its email address to ${input.newEmail}. It changes once the link we sent there is opened.\n\nIf it wasn't you, reset your password now: ${forgot}`,
    html: `<p>Someone signed in to your Vowly Pro account asked to change its email address to ${escapeHtml(input.newEmail)}. It changes once the link we sent there is opened.</p><p>If it wasn't you, <a href="${escapeHtml(forgot)}">reset your password now</a>.</p>`,
  };
}
