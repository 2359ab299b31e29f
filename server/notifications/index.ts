/**
 * The notifications module: one template per mail the product sends, and the subscriptions that
 * mail people about domain events. Modules that mail as part of their own use case (a reset link,
 * an invitation) render the template here and queue it themselves.
 */
export { subscribeNotifications } from './subscriptions';
export { emailChangeConfirmMail } from './templates/email-change-confirm';
export { emailChangeNoticeMail } from './templates/email-change-notice';
export { passwordResetMail } from './templates/password-reset';
export { teamInvitationMail } from './templates/team-invitation';
export { verifyEmailMail } from './templates/verify-email';
export { confirmRequestMail } from './templates/confirm-request';
export { newMatchMail } from './templates/new-match';
export { newQuoteMail } from './templates/new-quote';
export { quoteAcceptedMail } from './templates/quote-accepted';
export { quoteRejectedMail } from './templates/quote-rejected';
export { reviewInviteMail } from './templates/review-invite';
export { vendorMessageMail } from './templates/vendor-message';
