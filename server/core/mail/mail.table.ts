import type { Selectable } from 'kysely';

/** Mail kept instead of sent while SMTP_URL is unset: the development mailbox (`/dev/outbox`). */
export interface DevMailboxTable {
  /** The sending job's id: a job stores its mail once, however often it runs. */
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}

export interface MailTables {
  dev_mailbox: DevMailboxTable;
}

export type DevMailboxRow = Selectable<DevMailboxTable>;
