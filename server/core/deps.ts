import type { Clock } from './clock';
import type { Database } from './db/database';
import type { EventBus } from './events/event-bus';
import type { RateLimitSettings } from './http/rate-limits';
import type { Authenticate } from './http/require-auth';
import type { JobQueue } from './jobs/job-runner';
import type { Logger } from './logger';
import type { MailQueue } from './mail/mail-queue';
import type { SignedLinks } from './signed-links';

/** What every module stands on, handed to each module's router factory and services. */
export interface CoreDeps {
  database: Database;
  /** Every time-based rule reads it (the test clock moves it). */
  clock: Clock;
  logger: Logger;
  events: EventBus;
  jobs: JobQueue;
  mail: MailQueue;
  /** Base of links in mail (PUBLIC_URL), never taken from a request. */
  publicUrl: string;
  limits: RateLimitSettings;
  /** Checks bearer tokens (the auth module's); routers guard with `requireAuth(deps)`. */
  authenticate: Authenticate;
  /** Links for people without an account (a customer's request page, a calendar feed). */
  links: SignedLinks;
}
