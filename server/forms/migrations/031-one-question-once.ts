import type { Kysely } from 'kysely';
import { jsonObjectOf } from '../../core/db/json-column';

/**
 * One question, one place (docs/architecture.md: Forms, One question, one place; issue 24). Stored answers move
 * with the questions, none is lost:
 * - Notice is asked once, in days, in Business details (`min_notice_days`): bakery settings lose
 *   "Minimum notice (weeks)" (`lead_time_weeks`, settings version 3). A baker's onboarding notice
 *   becomes weeks × 7 when that is longer (notice only grows: no request comes sooner than they
 *   said they can take), then the weeks are removed.
 * - "Vegan" is a dietary option, not a cuisine: catering settings' cuisines lose it (version 3); a
 *   caterer who had ticked it has it among their dietary options.
 * - The about text is asked once, in the profile (`edit-profile`'s "About your business", what the
 *   public profile shows): Business details lose "Short description" (onboarding version 3). Its
 *   text fills the profile's about when that is empty (a business that never saved its profile
 *   gets its profile saved with that text and onboarding's website, what its page showed). When
 *   both are filled and differ, the profile's stays, unmerged, and the short description stays in
 *   the business's stored onboarding answers, still under version 2: kept, and findable for review.
 * Rows saved under version 2 are stored under 3 (their data fits it). Matching's profiles of the
 * businesses changed are rewritten as a form save rebuilds them: onboarding's answers with the
 * category's settings, and notice never less than onboarding's. Ids and versions are written out:
 * a migration describes the files as they were when it was written.
 */
const ONBOARDING = 'new-user-step-1';
const BAKERY_SETTINGS = 'update-bakery-settings';
const CATERING_SETTINGS = 'update-catering-settings';
const PROFILE = 'edit-profile';
/** `edit-profile`'s version when this was written (unchanged by it). */
const PROFILE_VERSION = 3;
/** The version the three changed forms moved from (to `NEW_VERSION`). */
const OLD_VERSION = 2;
const NEW_VERSION = 3;
/** Words the catering cuisines offered that are dietary options. */
const DIETARY_WORDS = ['Vegan'];

interface FormRow {
  vendor_id: string;
  form_id: string;
  version: number;
  data: string;
  updated_by: string;
  updated_at: number;
}

type Data = Record<string, unknown>;

// Migrations see the database as it was then, not today's typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

async function rowsOf(db: AnyDb, formId: string): Promise<FormRow[]> {
  return (await db.selectFrom('form_data').selectAll().where('form_id', '=', formId).execute()) as FormRow[];
}

async function rowOf(db: AnyDb, vendorId: string, formId: string): Promise<FormRow | undefined> {
  return (await db.selectFrom('form_data').selectAll().where('vendor_id', '=', vendorId).where('form_id', '=', formId).executeTakeFirst()) as
    | FormRow
    | undefined;
}

async function store(db: AnyDb, row: FormRow, data: Data, version: number): Promise<void> {
  await db
    .updateTable('form_data')
    .set({ data: JSON.stringify(data), version })
    .where('vendor_id', '=', row.vendor_id)
    .where('form_id', '=', row.form_id)
    .execute();
}

const raised = (version: number) => (Number(version) === OLD_VERSION ? NEW_VERSION : Number(version));

/** Moves the bakers' weeks of notice into onboarding's days; returns the businesses changed. */
async function moveBakeryNotice(db: AnyDb): Promise<Set<string>> {
  const changed = new Set<string>();
  for (const row of await rowsOf(db, BAKERY_SETTINGS)) {
    const settings = jsonObjectOf(row.data);
    const weeks = numberOf(settings.lead_time_weeks);
    // Something stored that is not a number of weeks cannot be moved: it stays, under version 2, for review.
    if (weeks === null && settings.lead_time_weeks !== undefined && settings.lead_time_weeks !== null && settings.lead_time_weeks !== '') continue;
    if ('lead_time_weeks' in settings) {
      const onboardingRow = await rowOf(db, row.vendor_id, ONBOARDING);
      // Without onboarding's answers there is nowhere to put the weeks: they stay where they are.
      if (weeks !== null && weeks > 0 && !onboardingRow) continue;
      if (weeks !== null && onboardingRow) {
        const onboarding = jsonObjectOf(onboardingRow.data);
        const days = Math.round(weeks * 7);
        if (days > (numberOf(onboarding.min_notice_days) ?? 0))
          await store(db, onboardingRow, { ...onboarding, min_notice_days: days }, Number(onboardingRow.version));
      }
      delete settings.lead_time_weeks;
      changed.add(row.vendor_id);
    }
    await store(db, row, settings, raised(row.version));
  }
  return changed;
}

/** Moves dietary words out of caterers' cuisines into their dietary options; returns the businesses changed. */
async function moveCateringDiets(db: AnyDb): Promise<Set<string>> {
  const changed = new Set<string>();
  for (const row of await rowsOf(db, CATERING_SETTINGS)) {
    const settings = jsonObjectOf(row.data);
    const cuisines = stringsOf(settings.cuisines);
    const moved = cuisines.filter((cuisine) => DIETARY_WORDS.includes(cuisine));
    if (moved.length > 0) {
      const dietary = stringsOf(settings.dietary_options);
      settings.cuisines = cuisines.filter((cuisine) => !moved.includes(cuisine));
      settings.dietary_options = [...dietary, ...moved.filter((word) => !dietary.includes(word))];
      changed.add(row.vendor_id);
    }
    await store(db, row, settings, raised(row.version));
  }
  return changed;
}

/** Moves onboarding's short description into the profile's about (see above); returns the businesses changed. */
async function moveShortDescription(db: AnyDb): Promise<Set<string>> {
  const changed = new Set<string>();
  for (const row of await rowsOf(db, ONBOARDING)) {
    const onboarding = jsonObjectOf(row.data);
    if (!('short_description' in onboarding)) {
      await store(db, row, onboarding, raised(row.version));
      continue;
    }
    const text = textOf(onboarding.short_description);
    const profileRow = await rowOf(db, row.vendor_id, PROFILE);
    const profile = profileRow ? jsonObjectOf(profileRow.data) : null;
    const about = textOf(profile?.about);
    // Both filled and different: neither is merged into the other; the short description stays stored (under version 2).
    if (text && about && text !== about) continue;
    if (text && !profileRow) {
      const website = textOf(onboarding.website);
      await db
        .insertInto('form_data')
        .values({
          vendor_id: row.vendor_id,
          form_id: PROFILE,
          version: PROFILE_VERSION,
          data: JSON.stringify({ about: text, ...(website ? { website } : {}) }),
          updated_by: row.updated_by,
          updated_at: Number(row.updated_at),
        })
        .execute();
    } else if (text && profileRow && !about) {
      await store(db, profileRow, { ...profile, about: text }, Number(profileRow.version));
    }
    delete onboarding.short_description;
    await store(db, row, onboarding, raised(row.version));
    changed.add(row.vendor_id);
  }
  return changed;
}

/** Rewrites matching's profiles of a business from its migrated answers, as `rebuildProfiles` writes them. */
async function refreshProfiles(db: AnyDb, vendorId: string): Promise<void> {
  const forms = (await db.selectFrom('form_data').select(['form_id', 'data']).where('vendor_id', '=', vendorId).execute()) as Pick<
    FormRow,
    'form_id' | 'data'
  >[];
  const dataOf = (formId: string) => jsonObjectOf(forms.find((form) => form.form_id === formId)?.data ?? '{}');
  const onboarding = dataOf(ONBOARDING);
  const own = Math.max(0, numberOf(onboarding.min_notice_days) ?? 0);
  const profiles = (await db.selectFrom('matching_profiles').select(['category_id', 'notice_days']).where('vendor_id', '=', vendorId).execute()) as {
    category_id: string;
    notice_days: number;
  }[];
  for (const profile of profiles) {
    // A category's own notice (printing's turnaround) was already in `notice_days`; onboarding's only grew.
    await db
      .updateTable('matching_profiles')
      .set({
        notice_days: Math.max(Number(profile.notice_days), own),
        settings: JSON.stringify({ ...onboarding, ...dataOf(`update-${profile.category_id}-settings`) }),
      })
      .where('vendor_id', '=', vendorId)
      .where('category_id', '=', profile.category_id)
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const any = db as AnyDb;
  // The notice first: it reads onboarding's stored answers as they were saved.
  const notice = await moveBakeryNotice(any);
  const changed = new Set([...notice, ...(await moveCateringDiets(any)), ...(await moveShortDescription(any))]);
  for (const vendorId of changed) await refreshProfiles(any, vendorId);
}

/** Nothing to undo: the answers were moved, not dropped, and the old forms read their new places (onboarding's notice, dietary options, the profile's about) as they are. */
export async function down(): Promise<void> {}
