import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import { SNIPPETS_PER_BUSINESS, type MessageSnippet, type MessageSnippetBody } from '../../shared/contracts/messages';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import * as repo from './message-snippets.repository';
import type { MessageSnippetRow } from './messages.table';
import { READY_SNIPPETS } from './ready-snippets';

type Deps = Pick<CoreDeps, 'database' | 'clock'>;

function toSnippet(row: Pick<MessageSnippetRow, 'id' | 'title' | 'body'>): MessageSnippet {
  return { id: row.id, title: row.title, body: row.body };
}

function noSnippet(): AppError {
  return new AppError(404, 'not-found', 'No quick reply with that id.');
}

/** The first time the business has quick replies, it gets the ready-made ones (never again, once it deleted them). In `trx`. */
async function seedOnce(trx: Kysely<DB>, vendorId: string, now: number): Promise<void> {
  if (!(await repo.markSeeded(trx, vendorId, now))) return;
  const first = await repo.nextPosition(trx, vendorId);
  for (const [index, ready] of READY_SNIPPETS.entries()) {
    await repo.insertSnippet(trx, { id: randomUUID(), vendor_id: vendorId, position: first + index, ...ready, created_at: now, updated_at: now });
  }
}

/** `GET /api/message-snippets`: the business's quick replies, the ready-made ones included the first time. Anyone who writes to couples may read them. */
export async function listSnippets(deps: Deps, auth: AuthContext): Promise<MessageSnippet[]> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Message');
  const db = deps.database.db;
  if (!(await repo.wasSeeded(db, auth.vendorId))) {
    await deps.database.writeTransaction((trx) => seedOnce(trx, auth.vendorId, deps.clock.now()));
  }
  return (await repo.listSnippets(db, auth.vendorId)).map(toSnippet);
}

/** `POST /api/message-snippets`: a new quick reply at the end of the list; 409 once the business has the most it may keep. Those who edit settings only. */
export async function createSnippet(deps: Deps, auth: AuthContext, input: MessageSnippetBody): Promise<MessageSnippet> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Settings');
  const now = deps.clock.now();
  return deps.database.writeTransaction(async (trx) => {
    await seedOnce(trx, auth.vendorId, now);
    await repo.lockSnippets(trx, auth.vendorId, deps.database.dialect);
    if ((await repo.countSnippets(trx, auth.vendorId)) >= SNIPPETS_PER_BUSINESS) {
      throw new AppError(409, 'conflict', `You have ${SNIPPETS_PER_BUSINESS} quick replies, the most you can keep. Delete one to add another.`);
    }
    const row = {
      id: randomUUID(),
      vendor_id: auth.vendorId,
      position: await repo.nextPosition(trx, auth.vendorId),
      ...input,
      created_at: now,
      updated_at: now,
    };
    await repo.insertSnippet(trx, row);
    return toSnippet(row);
  });
}

/** `PUT /api/message-snippets/:id`: a quick reply's new name and text; another business's is not found. */
export async function updateSnippet(deps: Deps, auth: AuthContext, id: string, input: MessageSnippetBody): Promise<MessageSnippet> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Settings');
  if (!(await repo.updateSnippet(deps.database.db, auth.vendorId, id, { ...input, updated_at: deps.clock.now() }))) throw noSnippet();
  return { id, ...input };
}

/** `DELETE /api/message-snippets/:id`; another business's is not found. */
export async function deleteSnippet(deps: Deps, auth: AuthContext, id: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Settings');
  if (!(await repo.deleteSnippet(deps.database.db, auth.vendorId, id))) throw noSnippet();
}
