import type { Kysely } from 'kysely';
import { firstName } from '../../shared/marketplace/first-name';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { accountDeletedMail } from './templates/account-deleted';
import { bookedElsewhereMail } from './templates/booked-elsewhere';
import { bookingConfirmedMail } from './templates/booking-confirmed';
import { confirmRequestMail } from './templates/confirm-request';
import { customerMessageMail } from './templates/customer-message';
import { emailChangeNoticeMail } from './templates/email-change-notice';
import { memberLeftMail } from './templates/member-left';
import { memberRemovedMail } from './templates/member-removed';
import { newMatchMail } from './templates/new-match';
import { newQuoteMail } from './templates/new-quote';
import { newReviewMail } from './templates/new-review';
import { passwordChangedMail } from './templates/password-changed';
import { paymentFailedMail } from './templates/payment-failed';
import { paymentReceiptMail } from './templates/payment-receipt';
import { quoteAcceptedMail } from './templates/quote-accepted';
import { quoteRejectedMail } from './templates/quote-rejected';
import { reviewInviteMail } from './templates/review-invite';
import { reviewReportReceivedMail } from './templates/review-report-received';
import { reviewReportedMail } from './templates/review-reported';
import { subscriptionEndedMail } from './templates/subscription-ended';
import { supportMessageMail } from './templates/support-message';
import { supportMessageCopyMail } from './templates/support-message-copy';
import { vendorMessageMail } from './templates/vendor-message';

/**
 * What notices need to know of other modules, handed over by app.ts (this module imports none of
 * them: every other module may queue a secret link through it without a cycle).
 */
export interface NotificationLookups {
  /** The addresses of a business's people who want this kind of notice (the account module's preferences). */
  recipientsFor(db: Kysely<DB>, vendorId: string, kind: 'newMatches' | 'messages' | 'reviews'): Promise<string[]>;
  /** Everyone in the business (the auth module's users). */
  teamEmails(db: Kysely<DB>, vendorId: string): Promise<string[]>;
  /** Business names by id (the business module). */
  businessNames(db: Kysely<DB>, vendorIds: readonly string[]): Promise<Map<string, string>>;
  /** How a couple who booked the business reaches it: its name, phone and email (the quotes module). */
  vendorContact(db: Kysely<DB>, vendorId: string): Promise<{ name: string; phone: string | null; email: string | null }>;
  /** The couple's signed link to their request (the requests module). */
  customerLink(requestId: string): string;
}

export type NotificationDeps = Pick<CoreDeps, 'events' | 'mail' | 'publicUrl'> & {
  lookups: NotificationLookups;
  /** Where reports of reviews and contact messages go (SUPPORT_EMAIL). */
  supportEmail: string;
};

/** Accounts and teams: changes others made, or that the person should know of. */
function subscribeAccountNotices({ events, mail, publicUrl }: NotificationDeps): void {
  events.subscribe('user.password-changed', ({ email }, { trx }) => mail.send(trx, passwordChangedMail({ to: email, publicUrl })));
  events.subscribe('user.email-change-requested', ({ email, newEmail }, { trx }) => mail.send(trx, emailChangeNoticeMail({ to: email, newEmail, publicUrl })));
  events.subscribe('business.deleted', ({ ownerEmail, businessName }, { trx }) => mail.send(trx, accountDeletedMail({ to: ownerEmail, businessName })));
  events.subscribe('team.member-removed', ({ email, businessName }, { trx }) => mail.send(trx, memberRemovedMail({ to: email, businessName })));
  events.subscribe('team.member-left', async ({ email, businessName, ownerEmails }, { trx }) => {
    for (const owner of ownerEmails) await mail.send(trx, memberLeftMail({ to: owner, memberEmail: email, businessName }));
  });
}

/** Billing: a payment's receipt, a renewal declined, a plan ended; the owners are told. */
function subscribeBillingNotices({ events, mail, publicUrl }: NotificationDeps): void {
  events.subscribe('billing.payment-succeeded', async ({ ownerEmails, vendorId: _vendorId, ...payment }, { trx }) => {
    for (const owner of ownerEmails) await mail.send(trx, paymentReceiptMail({ to: owner, ...payment }));
  });
  events.subscribe('billing.payment-failed', async ({ ownerEmails, ...failure }, { trx }) => {
    for (const owner of ownerEmails) await mail.send(trx, paymentFailedMail({ to: owner, publicUrl, ...failure }));
  });
  events.subscribe('billing.subscription-ended', async ({ ownerEmails, businessName, planName, reason }, { trx }) => {
    for (const owner of ownerEmails) await mail.send(trx, subscriptionEndedMail({ to: owner, publicUrl, businessName, planName, reason }));
  });
}

/** Contact support: support gets the message (a reply answers the sender), the sender a copy (a reply reaches support) when their address is verified. */
function subscribeSupportNotices({ events, mail, supportEmail }: NotificationDeps): void {
  events.subscribe('support.contacted', async (contact, { trx }) => {
    await mail.send(trx, supportMessageMail({ to: supportEmail, ...contact }));
    if (contact.userEmailVerified) await mail.send(trx, supportMessageCopyMail({ supportEmail, ...contact }));
  });
}

/**
 * The marketplace: the couple hears of their request, the quotes sent them, the business's
 * messages and the review to write (through their signed link, made here from the request's
 * id); the business hears of new matches and of the couple's answer, per its people's preferences.
 */
function subscribeMarketplaceNotices(deps: NotificationDeps): void {
  const { events, mail, lookups } = deps;
  const { recipientsFor, customerLink } = lookups;
  const businessName = async (trx: Kysely<DB>, vendorId: string, otherwise: string) =>
    (await lookups.businessNames(trx, [vendorId])).get(vendorId) ?? otherwise;

  events.subscribe('request.created', ({ requestId, customerEmail, customerName, categoryLabel, eventDate }, { trx }) =>
    mail.send(trx, confirmRequestMail({ to: customerEmail, name: customerName, categoryLabel, eventDate, link: customerLink(requestId) })),
  );
  events.subscribe('quote.created', async (match, { trx }) => {
    for (const to of await recipientsFor(trx, match.vendorId, 'newMatches')) {
      await mail.send(
        trx,
        newMatchMail({
          to,
          customerName: match.customerName,
          serviceName: match.serviceName,
          eventDate: match.eventDate,
          guests: match.guests,
          location: match.location,
          link: match.quoteLink,
        }),
      );
    }
  });
  events.subscribe('quote.updated', async (change, { trx }) => {
    if (change.status === change.previous) return;
    const { customerEmail: to, customerName, eventDate, quoteLink: link } = change;
    if (change.status === 'submitted') {
      await mail.send(
        trx,
        newQuoteMail({ to, name: customerName, businessName: await businessName(trx, change.vendorId, 'A vendor'), link: customerLink(change.requestId) }),
      );
    } else if (change.status === 'completed') {
      await mail.send(
        trx,
        reviewInviteMail({
          to,
          name: customerName,
          businessName: await businessName(trx, change.vendorId, 'your vendor'),
          link: customerLink(change.requestId),
        }),
      );
    } else if (change.status === 'accepted') {
      // A booking: everyone in the business hears of it, and the couple gets how to reach the vendor.
      for (const person of await lookups.teamEmails(trx, change.vendorId))
        await mail.send(trx, quoteAcceptedMail({ to: person, customerName, eventDate, link }));
      const vendor = await lookups.vendorContact(trx, change.vendorId);
      const name = customerName.trim().split(/\s+/)[0] ?? customerName;
      await mail.send(trx, bookingConfirmedMail({ to, name, eventDate, vendor, link: customerLink(change.requestId) }));
    } else if (change.status === 'closed' && change.closedReason === 'booked-elsewhere') {
      for (const person of await recipientsFor(trx, change.vendorId, 'newMatches'))
        await mail.send(trx, bookedElsewhereMail({ to: person, customerName, eventDate, link }));
    } else if (change.status === 'rejected') {
      for (const person of await recipientsFor(trx, change.vendorId, 'newMatches'))
        await mail.send(trx, quoteRejectedMail({ to: person, customerName, eventDate, link }));
    }
  });
  events.subscribe('review.created', async (review, { trx }) => {
    const link = `${deps.publicUrl}/reviews`;
    for (const to of await recipientsFor(trx, review.vendorId, 'reviews'))
      await mail.send(trx, newReviewMail({ to, customerName: review.customerName, rating: review.rating, link }));
  });
  // Support decides; the reporter is told it arrived, at a verified address only (as contact copies).
  events.subscribe('review.reported', async (report, { trx }) => {
    await mail.send(trx, reviewReportedMail({ to: deps.supportEmail, ...report }));
    if (report.reporterEmailVerified)
      await mail.send(trx, reviewReportReceivedMail({ supportEmail: deps.supportEmail, link: `${deps.publicUrl}/reviews`, ...report }));
  });
  events.subscribe('message.created', async (message, { trx }) => {
    if (message.from === 'customer') {
      if (!message.mailTeam) return;
      const link = `${deps.publicUrl}/messages?thread=${message.quoteId}`;
      for (const to of await recipientsFor(trx, message.vendorId, 'messages'))
        await mail.send(trx, customerMessageMail({ to, customerName: message.customerName, body: message.body, link }));
      return;
    }
    // The business's automatic first reply goes at once; what its people write is mailed on `messages.due-to-couple`.
    if (!message.automatic) return;
    await mail.send(
      trx,
      vendorMessageMail({
        to: message.customerEmail,
        name: firstName(message.customerName),
        businessName: await businessName(trx, message.vendorId, 'Your vendor'),
        bodies: [message.body],
        link: customerLink(message.requestId),
      }),
    );
  });
  events.subscribe('messages.due-to-couple', async (due, { trx }) => {
    await mail.send(
      trx,
      vendorMessageMail({
        to: due.customerEmail,
        name: firstName(due.customerName),
        businessName: await businessName(trx, due.vendorId, 'Your vendor'),
        bodies: due.messages.map((message) => message.body),
        link: customerLink(due.requestId),
      }),
    );
  });
}

/**
 * Every mail but those carrying a secret token: each rendered from its template on the domain
 * event of the change it reports, and queued as a job in the transaction of that change, so it
 * goes out exactly when the change happened.
 */
export function subscribeNotifications(deps: NotificationDeps): void {
  subscribeAccountNotices(deps);
  subscribeBillingNotices(deps);
  subscribeSupportNotices(deps);
  subscribeMarketplaceNotices(deps);
}
