import { escapeHtml, type Mail } from '../../core/mail/mail';

/**
 * The welcome mail of a new vendor, or a later reminder: a link that verifies their address
 * (7 days, single use). Nothing waits for it; it proves that quote requests and reset links will
 * reach them.
 */
export function verifyEmailMail(input: { to: string; businessName: string; link: string; welcome: boolean }): Mail {
  const intro = input.welcome
    ? `Welcome to Vowly Pro, ${input.businessName}! Your account is ready: finish your profile and settings and customers' quote requests will start to reach you.`
    : `Here is a new link to verify the email address of ${input.businessName} on Vowly Pro.`;
  const ask = 'Please confirm that this is your email address, so quote requests and password reset links reach you:';
  return {
    to: input.to,
    subject: input.welcome ? 'Welcome to Vowly Pro: please verify your email' : 'Verify your Vowly Pro email address',
    text: `${intro}\n\n${ask} ${input.link}\n\nThe link works once, for 7 days.`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(input.link)}">Verify my email address</a></p><p>The link works once, for 7 days.</p>`,
  };
}
