import { escapeHtml, type Mail } from '../../core/mail/mail';

/** Confirms to the owner that their business and everything in it was deleted. */
export function accountDeletedMail(input: { to: string; businessName: string }): Mail {
  return {
    to: input.to,
    subject: 'Your Vowly Pro account was deleted',
    text: `The Vowly Pro account of ${input.businessName} and everything in it was deleted, as you asked. Thank you for working with us.`,
    html: `<p>The Vowly Pro account of ${escapeHtml(input.businessName)} and everything in it was deleted, as you asked. Thank you for working with us.</p>`,
  };
}
