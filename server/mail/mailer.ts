import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database';
import type { Logger } from '../logger';

/** One message. Links inside are built from PUBLIC_URL by the caller, never from a Host header. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

const FROM = 'Vowly Pro <no-reply@vowly.test>';

/**
 * nodemailer over SMTP when `smtpUrl` is set; otherwise every message goes to the outbox table,
 * readable at /dev/outbox outside production, so every flow works on a fresh machine.
 */
export function createMailer(options: { smtpUrl: string | undefined; database: Database; logger: Logger }): Mailer {
  const { smtpUrl, database, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
        logger.info('mail sent', { to: mail.to, subject: mail.subject });
      },
    };
  }
  return {
    transport: 'outbox',
    async send(mail) {
      await database.db
        .insertInto('outbox')
        .values({ id: randomUUID(), to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html, created_at: Date.now() })
        .execute();
      logger.info('mail kept in the outbox', { to: mail.to, subject: mail.subject });
    },
  };
}

/** Escapes text for HTML mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
