import nodemailer from 'nodemailer';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { isValidEmail } from '../../../shared/validators/email';
import type { Mail } from './mail';

/** Where mail goes: an SMTP server, or the development mailbox in the database. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Delivers one message; `deliveryId` names it (its Message-ID), the same on every retry. */
  deliver(mail: Mail, deliveryId: string): Promise<void>;
}

const FROM = { name: 'Vowly Pro', address: 'no-reply@vowly.test' };

/**
 * A message addressed to something that is not one mailbox (stored before the email rule refused
 * `,` `;` `:` and the like): never handed to a transport, since a mail library would split it and
 * reach other people. Permanent, so the job gives up at once.
 */
export class UndeliverableAddressError extends Error {
  constructor() {
    super('the recipient is not one valid email address');
    this.name = 'UndeliverableAddressError';
  }
}

/** The recipient as an address object (nodemailer parses strings, splitting them on commas), after the email rule. */
function recipientOf(mail: Mail): { name: string; address: string } {
  if (!isValidEmail(mail.to)) throw new UndeliverableAddressError();
  return { name: '', address: mail.to };
}

/** The Reply-To as an address object, under the same rule as the recipient; none when unset. */
function replyToOf(mail: Mail): { name: string; address: string } | undefined {
  if (mail.replyTo === undefined) return undefined;
  if (!isValidEmail(mail.replyTo)) throw new UndeliverableAddressError();
  return { name: '', address: mail.replyTo };
}

/** How long an SMTP attempt may wait to connect, for the greeting, and on a silent socket before it fails (and is retried). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * nodemailer over SMTP when `smtpUrl` is set (with timeouts, so a silent server is a failure to
 * retry, not a hang); otherwise the development mailbox, readable at /dev/outbox outside
 * production, so every flow works on a fresh machine.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  database: Database;
  clock: Clock;
  logger: Logger;
  timeouts?: SmtpTimeouts;
}): MailTransport {
  const { smtpUrl, database, clock, logger, timeouts = SMTP_TIMEOUTS } = options;
  if (smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
    return {
      kind: 'smtp',
      async deliver(mail, deliveryId) {
        await smtp.sendMail({
          from: FROM,
          to: recipientOf(mail),
          replyTo: replyToOf(mail),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${deliveryId}@vowly.mail>`,
        });
        logger.info('mail sent', { to: mail.to, subject: mail.subject, id: deliveryId });
      },
    };
  }
  return {
    kind: 'outbox',
    async deliver(mail, deliveryId) {
      recipientOf(mail);
      replyToOf(mail);
      await database.db
        .insertInto('dev_mailbox')
        .values({ id: deliveryId, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html, created_at: clock.now() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      logger.info('mail kept in the development mailbox', { to: mail.to, subject: mail.subject, id: deliveryId });
    },
  };
}

/**
 * Whether an SMTP failure is final: a 5xx reply (the address or the message was refused) or a
 * refused envelope, or an address that is not one mailbox. Timeouts, refused or dropped connections and 4xx replies are worth retrying.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  if (error instanceof UndeliverableAddressError) return true;
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  return code === 'EENVELOPE';
}
