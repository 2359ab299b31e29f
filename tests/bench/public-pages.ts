import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../support/tsx-process';
import { seededDataDir } from './marketplace';
import { startAppServer } from './support/app-server';

/** The target: each public page's throughput ÷ the config GET of the same run. */
export const PUBLIC_THROUGHPUT_TARGET = 0.3;
export const PUBLIC_VOLUME = { quotes: 2_000, vendors: 500 } as const;
const CONNECTIONS = 10;

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`bench saw ${result.non2xx} non-2xx and ${result.errors} errors on ${url}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * The public pages against the real server in production mode (SQLite, 500 florists over Texas):
 * requests per second of the profile's HTML, the directory's HTML and the profile's JSON, each
 * ÷ GET /api/config/routes measured right before it (target ≥ 0.3). The HTML is index.html of the build
 * when there is one, else client/index.html (the server fills it the same way).
 */
export async function benchPublicPages(seconds: number) {
  const seeded = await seededDataDir('public', ['--quotes', String(PUBLIC_VOLUME.quotes), '--vendors', String(PUBLIC_VOLUME.vendors), '--category', 'florist']);
  const clientDir = await mkdtemp(path.join(tmpdir(), 'bench-public-client-'));
  const built = path.join(REPO_ROOT, 'dist/client/index.html');
  const indexHtml = existsSync(built) ? built : path.join(REPO_ROOT, 'client/index.html');
  await copyFile(indexHtml, path.join(clientDir, 'index.html'));
  const app = await startAppServer({ dataDir: seeded.dir, env: { CLIENT_DIR: clientDir } });
  try {
    // A profile the sitemap lists, and the directory of its category in Austin (the seed's first city).
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const profileUrl = /<loc>([^<]*\/vendor-profile\/[^<]*)<\/loc>/.exec(sitemap)?.[1];
    if (!profileUrl) throw new Error('the sitemap lists no public profile');
    const vendorId = new URL(profileUrl).pathname.split('/')[2] as string;
    const urls = {
      profile: `${app.url}${new URL(profileUrl).pathname}`,
      directory: `${app.url}/vendors/florist/austin-tx`,
      api: `${app.url}/api/public/vendors/${vendorId}`,
      // index.html as the app serves any other path: the floor of an HTML page through Express.
      shell: `${app.url}/dashboard`,
      config: `${app.url}/api/config/routes`,
    };
    const directory = await fetch(urls.directory);
    const cards = ((await directory.text()).match(/<a href="\/vendor-profile\//g) ?? []).length;
    // Each page right after a config GET of its own: on a shared machine the load drifts within a run.
    const results: Partial<Record<Exclude<keyof typeof urls, 'config'>, { page: Awaited<ReturnType<typeof load>>; config: Awaited<ReturnType<typeof load>> }>> =
      {};
    for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
      if (name === 'config') continue;
      const probe = await fetch(url);
      await probe.arrayBuffer();
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
      await load(url, 1);
      const config = await load(urls.config, seconds);
      results[name] = { page: await load(url, seconds), config };
    }
    return { urls, cards, results: results as Required<typeof results> };
  } finally {
    await app.stop();
    await rm(clientDir, { recursive: true, force: true });
  }
}
