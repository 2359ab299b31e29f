import type { Kysely } from 'kysely';

/**
 * One report per review and business (issue 45): a review reported 60 times was 60 mails to
 * support. Reports a business had sent more than once are folded into its first, which keeps its
 * reason, time and reporter; each later one's reason and note are added to the first's note, so
 * nothing support was told is lost. Then a unique index holds the rule, races included.
 */
interface ReportRow {
  id: string;
  review_id: string;
  vendor_id: string;
  reason: string;
  note: string | null;
  created_at: number | string;
}

// Migrations see the database as it was then, not today's typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The first report's note with each later report's reason and note after it. */
export function foldedNote(first: ReportRow, later: ReportRow[]): string | null {
  const parts = [first.note, ...later.map((report) => `Reported again (${report.reason})${report.note ? `: ${report.note}` : ''}`)];
  const text = parts.filter((part): part is string => !!part).join('\n\n');
  return text || null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const any = db as AnyDb;
  const rows = (await any
    .selectFrom('review_reports')
    .selectAll()
    .orderBy('review_id')
    .orderBy('vendor_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as ReportRow[];
  const groups = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const key = `${row.review_id}\u0000${row.vendor_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [first, ...later] of groups.values()) {
    if (!first || later.length === 0) continue;
    await any
      .updateTable('review_reports')
      .set({ note: foldedNote(first, later) })
      .where('id', '=', first.id)
      .execute();
    await any
      .deleteFrom('review_reports')
      .where(
        'id',
        'in',
        later.map((report) => report.id),
      )
      .execute();
  }
  await any.schema.createIndex('review_reports_one_per_business').unique().on('review_reports').columns(['review_id', 'vendor_id']).execute();
}

/** The index goes; the folded reports stay one (their notes hold what the others said). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('review_reports_one_per_business').execute();
}
