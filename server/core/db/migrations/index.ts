import type { Migrations } from '../migrate';
import * as jobs from './007-jobs';
import * as devMailbox from './008-dev-mailbox';
import * as idempotencyLeases from './016-idempotency-leases';

/** Core's own migrations (jobs, the development mailbox, idempotency keys), by name. */
export const coreMigrations: Migrations = {
  '007-jobs': jobs,
  '008-dev-mailbox': devMailbox,
  '016-idempotency-leases': idempotencyLeases,
};
