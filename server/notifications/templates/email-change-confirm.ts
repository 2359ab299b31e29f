import { escapeHtml, type Mail } from '../../core/mail/mail';

/** The confirmation link sent to a new email address (24 hours, single use). */
export function emailChangeConfirmMail(input: { to: string; link: string }): Mail {
  return {
    to: input.to,
    subject: 'Confirm your new Vowly Pro email address',
    text: `You asked to use this address for your Vowly Pro account.\n\nConfirm it: ${input.link}\n\nThe link works once, for 24 hours. Until then you keep signing in with your current address.`,
    html: `<p>You asked to use this address for your Vowly Pro account.</p><p><a href="${escapeHtml(input.link)}">Confirm your new email address</a></p><p>The link works once, for 24 hours. Until then you keep signing in with your current address.</p>`,
  };
}
