import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { MailQueue } from '../core/mail/mail-queue';
import { emailChangeConfirmMail } from './templates/email-change-confirm';
import { passwordResetMail } from './templates/password-reset';
import { teamInvitationMail } from './templates/team-invitation';
import { verifyEmailMail } from './templates/verify-email';

type Queue = { mail: MailQueue };

// Mails that carry a secret (a reset, a verification, an email-change or an invitation token) are
// queued by their own use case, in its transaction: the token exists only there, and never rides in
// an event that could be stored or streamed. Every other mail is sent by this module's subscriptions.

/** The password reset link. */
export function mailPasswordResetLink(deps: Queue, trx: Kysely<DB>, input: Parameters<typeof passwordResetMail>[0]): Promise<void> {
  return deps.mail.send(trx, passwordResetMail(input));
}

/** The email verification link (the welcome mail at registration, or a reminder). */
export function mailVerificationLink(deps: Queue, trx: Kysely<DB>, input: Parameters<typeof verifyEmailMail>[0]): Promise<void> {
  return deps.mail.send(trx, verifyEmailMail(input));
}

/** The link that confirms a new email address, to that address. */
export function mailEmailChangeLink(deps: Queue, trx: Kysely<DB>, input: Parameters<typeof emailChangeConfirmMail>[0]): Promise<void> {
  return deps.mail.send(trx, emailChangeConfirmMail(input));
}

/** A team invitation's link. */
export function mailInvitationLink(deps: Queue, trx: Kysely<DB>, input: Parameters<typeof teamInvitationMail>[0]): Promise<void> {
  return deps.mail.send(trx, teamInvitationMail(input));
}
