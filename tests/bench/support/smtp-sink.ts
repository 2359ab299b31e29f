import { SMTPServer } from 'smtp-server';

/** A local SMTP server that accepts every message and keeps nothing but the count. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string;
  accepted(): number;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server on a free loopback port that accepts and drops all mail, so a production
 * server under load delivers its mail as it would to a working relay: with nothing listening, each
 * mail job fails, logs and retries (five attempts), work no real server does.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    accepted: () => accepted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
