import type { Kysely } from 'kysely';
import type { CoreDeps } from '../core/deps';
import type { DB } from '../core/db/schema';
import type { JobRunner } from '../core/jobs/job-runner';
import type { MediaStore } from './media-store';
import { listFiles } from './profile.repository';

const REMOVE_MEDIA_JOB = 'profile.remove-media';

/** Queues the removal of uploaded files, once the transaction that stopped naming them commits. */
export function queueMediaRemoval(deps: Pick<CoreDeps, 'jobs'>, trx: Kysely<DB>, files: readonly string[]): Promise<void> {
  return deps.jobs.enqueue(trx, { name: REMOVE_MEDIA_JOB, payload: { files } });
}

/**
 * A deleted business's images are removed from disk by a job queued in the deleting
 * transaction: it runs only if the deletion commits, and survives a crash in between.
 */
export function subscribeProfile(deps: Pick<CoreDeps, 'events' | 'jobs'>): void {
  deps.events.subscribe('business.deleted', async ({ vendorId }, { trx }) => {
    const files = await listFiles(trx, vendorId);
    if (files.length > 0) await queueMediaRemoval(deps, trx, files);
  });
}

/** Defines the profile's jobs: removing files no row names any more. */
export function defineProfileJobs(runner: JobRunner, media: MediaStore): void {
  runner.define<{ files: string[] }>({ name: REMOVE_MEDIA_JOB, handler: ({ files }) => media.remove(files) });
}
