import { createAbility } from '../../shared/ability/create-ability';
import { ROLES, rulesForRole } from '../../shared/ability/roles';
import { DEMO_ACCOUNT, findUserByEmail } from '../../server/auth';
import type { AuthContext } from '../../server/core/http/require-auth';
import type { DemoDeps } from '../../server/demo';
import { ONBOARDING_FORM_ID, saveForm } from '../../server/forms';
import { importQuoteHistory } from '../../server/quotes';
import { seededRandom } from '../seeded-random';
import { generateHistory, type VolumePlace, type VolumeVendor } from './generate-history';

/** The password of every business the seed registers (a benchmark signs in as them). */
export const VOLUME_PASSWORD = 'lantern-orchard-5521';

/** Where the seeded businesses are based and couples hold their events. */
const CITIES = [
  'Austin, TX',
  'Round Rock, TX',
  'San Marcos, TX',
  'Georgetown, TX',
  'San Antonio, TX',
  'Houston, TX',
  'Dallas, TX',
  'Fort Worth, TX',
  'Waco, TX',
  'Killeen, TX',
];
/** Quotes imported per transaction. */
const CHUNK = 5_000;

export interface VolumeOptions {
  quotes: number;
  vendors: number;
  seed: number;
  /** Every business in this category (default: spread over all of them). */
  category?: string | undefined;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

export interface VolumeResult {
  vendors: VolumeVendor[];
  /** The first business registered, with its sign-in. */
  sample: { email: string; vendorId: string };
  requests: number;
  quotes: number;
}

function ownerOf(vendor: Record<string, unknown>): AuthContext {
  return {
    userId: String(vendor.id),
    vendorId: String(vendor.vendor_id),
    role: ROLES.owner,
    sessionId: 'seed-volume',
    ability: createAbility(rulesForRole(ROLES.owner)),
  };
}

/**
 * Fills a database for benchmarks (issue: `npm run seed:volume`): `vendors` businesses registered
 * and onboarded as vendors are (one category each, in Central Texas), the demo bakery among them
 * when it exists, then about `quotes` quotes of couples' requests over them, imported as history.
 */
export async function seedVolume(deps: DemoDeps, options: VolumeOptions): Promise<VolumeResult> {
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed);
  const { categoryFiles: all } = deps.schemas().config;
  const categoryFiles = options.category ? all.filter((c) => c.id === options.category) : all;
  if (categoryFiles.length === 0) throw new Error(`No category "${options.category ?? ''}"`);
  const places: VolumePlace[] = CITIES.flatMap((city) => {
    const place = deps.places.find(city);
    return place ? [{ label: place.label, lat: place.lat, lng: place.lng }] : [];
  });
  const run = `${options.seed}-${deps.clock.now().toString(36)}`;
  const vendors: VolumeVendor[] = [];
  let sample: VolumeResult['sample'] | null = null;
  for (let i = 0; i < options.vendors; i += 1) {
    const category = categoryFiles[i % categoryFiles.length];
    if (!category) break;
    const email = `volume-${run}-${i}@example.com`;
    const { vendor } = await deps.logins.register({ email, password: VOLUME_PASSWORD, businessName: `${category.label} Co ${i}` });
    await saveForm(deps, ownerOf(vendor), ONBOARDING_FORM_ID, {
      business_name: `${category.label} Co ${i}`,
      vendor_type_ids: [category.vendorTypeId],
      contact_phone: '+1 512 555 0100',
      city: places[i % places.length]?.label ?? 'Austin, TX',
      service_radius_miles: 50 + (i % 4) * 50,
      min_notice_days: 0,
    });
    vendors.push({ vendorId: String(vendor.vendor_id), categoryId: category.id, leadCost: category.leadCost });
    sample ??= { email, vendorId: String(vendor.vendor_id) };
    if ((i + 1) % 250 === 0) log(`  ${i + 1} of ${options.vendors} businesses`);
  }
  const demo = await findUserByEmail(deps.database.db, DEMO_ACCOUNT.email);
  const bakery = all.find((c) => c.id === 'bakery');
  if (demo && bakery && !options.category) vendors.push({ vendorId: demo.vendorId, categoryId: bakery.id, leadCost: bakery.leadCost });
  if (!sample) throw new Error('No business was registered: are there category files?');

  const history = generateHistory({ quotes: options.quotes, vendors, places, now: deps.clock.now(), random });
  const requestById = new Map(history.requests.map((request) => [request.id, request]));
  const imported = new Set<string>();
  for (let i = 0; i < history.quotes.length; i += CHUNK) {
    const quotes = history.quotes.slice(i, i + CHUNK);
    const requests = [...new Set(quotes.map((q) => q.request_id))]
      .filter((id) => !imported.has(id))
      .flatMap((id) => {
        imported.add(id);
        const request = requestById.get(id);
        return request ? [request] : [];
      });
    await deps.database.writeTransaction((trx) => importQuoteHistory(trx, { requests, quotes }));
    log(`  ${Math.min(i + CHUNK, history.quotes.length)} of ${history.quotes.length} quotes`);
  }
  return { vendors, sample, requests: history.requests.length, quotes: history.quotes.length };
}
