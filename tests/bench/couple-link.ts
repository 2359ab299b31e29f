import path from 'node:path';
import { loadJwtSecret } from '../../server/core/secrets';
import { createSignedLinks } from '../../server/core/signed-links';
import { startAppServer } from './support/app-server';
import { seededDataDir, VOLUME } from './marketplace';

/** Budget of issue 24: the couple's first open of the mailed link, with 2,000 vendors in the category. */
export const COUPLE_LINK_P95_BUDGET_MS = 300;
/** Couples who open their link, one after another; the first warms the server up and is not counted. */
export const COUPLE_LINK_RUNS = 41;
/** How long a couple's request may take to be matched before the bench gives up on it. */
const MATCHED_WITHIN_MS = 30_000;
const POLL_MS = 25;

/** What the couple's page reads: the request, and whether its vendors are still being found. */
interface CouplePage {
  matching: boolean;
  matched: number;
}

/** The answer's JSON after checking its status (the bench stops on any other). */
async function dataOf(res: Response, what: string): Promise<CouplePage & { id: string }> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: CouplePage & { id: string } }).data;
}

function percentile(samples: number[], rank: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * rank))] ?? 0;
}

/**
 * A couple's first open of their link against the real server in production mode (SQLite), with
 * the 2,000 florists of the matching bench around Austin: each couple posts a request (not timed),
 * then the page's first data is timed: `POST …/confirm` (its answer is what the page first draws)
 * and the `GET` of the page right after it (the read the page repeats while vendors are found),
 * one after the other. Then the page is read until it says where the request went ("Sent to N
 * vendors"), before the next couple. Links are signed with the seeded folder's secret, as the
 * mailed ones are.
 */
export async function benchCoupleLink() {
  const seeded = await seededDataDir('matching', ['--quotes', '1', '--vendors', String(VOLUME.vendors), '--category', 'florist']);
  const links = createSignedLinks(loadJwtSecret(process.env.JWT_SECRET, path.resolve(seeded.dir)));
  const app = await startAppServer({ dataDir: seeded.dir });
  const eventDate = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const confirm: number[] = [];
  const firstRead: number[] = [];
  const both: number[] = [];
  const sent: number[] = [];
  const matched: number[] = [];
  try {
    for (let run = 0; run < COUPLE_LINK_RUNS; run += 1) {
      const posted = await fetch(`${app.url}/api/public/quote-requests`, {
        method: 'POST',
        // One address per couple: the hourly limit of requests per address stays out of the way.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.24.${Math.floor(run / 250)}.${(run % 250) + 1}` },
        body: JSON.stringify({
          category: 'florist',
          eventDate,
          location: 'Austin, TX',
          guests: 120,
          details: { pieces: ['Bridal bouquets', 'Centerpieces'], colors: 'Peach and ivory' },
          customer: { name: 'Jordan Avery', email: `bench-couple-${run}@example.com` },
        }),
      });
      const { id } = await dataOf(posted, 'POST /api/public/quote-requests');
      const page = `${app.url}/api/public/requests/${links.sign('request', id)}`;

      const start = performance.now();
      await dataOf(await fetch(`${page}/confirm`, { method: 'POST' }), 'POST confirm');
      const confirmed = performance.now();
      let read = await dataOf(await fetch(page), 'GET the page');
      const readDone = performance.now();
      while (read.matching) {
        if (performance.now() - start > MATCHED_WITHIN_MS) throw new Error(`request ${id} was not matched within ${MATCHED_WITHIN_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        read = await dataOf(await fetch(page), 'GET the page');
      }
      if (run === 0) continue;
      confirm.push(confirmed - start);
      firstRead.push(readDone - confirmed);
      both.push(readDone - start);
      sent.push(performance.now() - start);
      matched.push(read.matched);
    }
  } finally {
    await app.stop();
  }
  const summary = (samples: number[]) => ({ p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) });
  return {
    couples: both.length,
    confirm: summary(confirm),
    firstRead: summary(firstRead),
    both: summary(both),
    sent: summary(sent),
    vendorsPerRequest: Math.min(...matched),
  };
}
