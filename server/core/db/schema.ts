import type { AccountTables } from '../../account/account.table';
import type { AuthTables } from '../../auth/auth.table';
import type { AvailabilityTables } from '../../availability/availability.table';
import type { BillingTables } from '../../billing/billing.table';
import type { SandboxTables } from '../../billing/sandbox/sandbox.table';
import type { BusinessTables } from '../../business/business.table';
import type { CreditsTables } from '../../credits/credits.table';
import type { FormsTables } from '../../forms/forms.table';
import type { MatchingTables } from '../../matching/matching.table';
import type { MessagesTables } from '../../messages/messages.table';
import type { ProfileTables } from '../../profile/profile.table';
import type { QuotesTables } from '../../quotes/quotes.table';
import type { TeamTables } from '../../team/team.table';
import type { IdempotencyTables } from '../http/idempotency.table';
import type { JobTables } from '../jobs/jobs.table';
import type { MailTables } from '../mail/mail.table';

/**
 * The whole database as Kysely sees it: only a composition of the tables each module declares
 * in its `<module>.table.ts` (and core's own). Times are epoch milliseconds; flags are 0/1.
 */
export interface DB extends JobTables, MailTables, IdempotencyTables, BusinessTables, AuthTables, TeamTables, AccountTables, FormsTables, ProfileTables, CreditsTables, AvailabilityTables, MatchingTables, QuotesTables, MessagesTables, BillingTables, SandboxTables {}
