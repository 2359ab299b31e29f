/**
 * The notifications module: one template per mail the product sends, and the one route mail
 * takes: a use case changes state and publishes its domain events; these subscriptions render
 * the mail and queue it as a job, in the transaction of the change. The only exception is a mail
 * that carries a secret token (a reset, a verification, an email change, an invitation): its
 * use case queues it through the `mail…Link` functions here, so the token never rides in an event.
 * No template is exported: nothing else renders mail.
 */
export { subscribeNotifications, type NotificationLookups } from './subscriptions';
export { mailEmailChangeLink, mailInvitationLink, mailPasswordResetLink, mailVerificationLink } from './secret-link-mail';
