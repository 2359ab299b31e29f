import type { Logger } from '../logger';
import type { Mail, Mailer } from './mailer';

/** Sends a notice about a change already made; a mail failure is logged and never undoes the change. */
export async function notify(deps: { mailer: Mailer; logger: Logger }, mail: Mail): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.logger.error('notice mail failed', { subject: mail.subject, error: String(error) });
  }
}
