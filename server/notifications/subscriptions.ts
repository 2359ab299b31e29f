import type { CoreDeps } from '../core/deps';
import { accountDeletedMail } from './templates/account-deleted';
import { memberLeftMail } from './templates/member-left';
import { memberRemovedMail } from './templates/member-removed';
import { passwordChangedMail } from './templates/password-changed';
import { paymentFailedMail } from './templates/payment-failed';
import { subscriptionEndedMail } from './templates/subscription-ended';

/**
 * Mails people about changes others made or that they should know of: each notice is queued in
 * the transaction of the change, so it goes out exactly when the change happened.
 */
export function subscribeNotifications(deps: Pick<CoreDeps, 'events' | 'mail' | 'publicUrl'>): void {
  const { events, mail, publicUrl } = deps;
  events.subscribe('user.password-changed', ({ email }, { trx }) => mail.send(trx, passwordChangedMail({ to: email, publicUrl })));
  events.subscribe('business.deleted', ({ ownerEmail, businessName }, { trx }) => mail.send(trx, accountDeletedMail({ to: ownerEmail, businessName })));
  events.subscribe('team.member-removed', ({ email, businessName }, { trx }) => mail.send(trx, memberRemovedMail({ to: email, businessName })));
  events.subscribe('team.member-left', async ({ email, businessName, ownerEmails }, { trx }) => {
    for (const owner of ownerEmails) await mail.send(trx, memberLeftMail({ to: owner, memberEmail: email, businessName }));
  });
  events.subscribe('billing.payment-failed', async ({ ownerEmails, ...failure }, { trx }) => {
    for (const owner of ownerEmails) await mail.send(trx, paymentFailedMail({ to: owner, publicUrl, ...failure }));
  });
  events.subscribe('billing.subscription-ended', async ({ ownerEmails, businessName, planName, reason }, { trx }) => {
    for (const owner of ownerEmails) await mail.send(trx, subscriptionEndedMail({ to: owner, publicUrl, businessName, planName, reason }));
  });
}
