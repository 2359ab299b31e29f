import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../support/api/http';
import { call as callServer, listeningPort, spawnServer } from '../../support/api/real-server';
import type { TsxProcess } from '../../support/tsx-process';

let server: TsxProcess | undefined;
let work: string | undefined;

afterEach(async () => {
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
  server = undefined;
  work = undefined;
});

/** The real server on a data folder that outlives it, so that a restart finds what the killed one wrote. */
async function startServer(dataDir: string): Promise<number> {
  server = spawnServer({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, '..', 'no-client'), DATABASE_URL: '', REDIS_URL: '', RATE_LIMIT_PER_IP: '100000' });
  return listeningPort(server);
}

/** What this test reads of the answers it gets (a session, a card token, a balance). */
interface Body {
  id: string;
  data: { accessToken: string; vendor: { vendor_id: string }; balance: number };
}

/** {@link callServer} with the answers' bodies as this test reads them. */
const call = (port: number, method: string, url: string, body?: object, headers?: Record<string, string>) =>
  callServer(port, method, url, body, headers) as Promise<{ status: number; body: Body } | { error: string }>;

const ok = (answer: { status: number } | { error: string }, status: number) => 'status' in answer && answer.status === status;

describe('kill -9 in the middle of writes (docs/operators.md)', () => {
  it('when the server is killed during a burst of sign-ups and credit purchases, then after a restart the file is sound, every acknowledged write is there, and each ledger sums to its balance', async () => {
    work = await mkdtemp(path.join(tmpdir(), 'kill-9-'));
    const dataDir = path.join(work, 'data');
    let port = await startServer(dataDir);

    // Owners with a card on file, ready to buy packs.
    const owners: { token: string; vendorId: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const registered = await call(port, 'POST', '/api/register', { email: `owner-${i}@example.com`, password: STRONG_PASSWORD, businessName: `Owner ${i}` });
      if (!('status' in registered)) throw new Error(registered.error);
      const token = registered.body.data.accessToken;
      const bearer = { Authorization: `Bearer ${token}` };
      const card = await call(port, 'POST', '/sandbox/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
      if (!('status' in card)) throw new Error(card.error);
      expect(
        ok(await call(port, 'PUT', '/api/billing/payment-method', { paymentMethodId: card.body.id }, { ...bearer, 'Idempotency-Key': randomUUID() }), 200),
      ).toBe(true);
      owners.push({ token, vendorId: registered.body.data.vendor.vendor_id });
    }

    // The burst: sign-ups and purchases at once; the process is killed once a third of them were answered.
    const signUps = Array.from({ length: 30 }, (_, i) => ({
      email: `burst-${i}@example.com`,
      answer: call(port, 'POST', '/api/register', { email: `burst-${i}@example.com`, password: STRONG_PASSWORD, businessName: `Burst ${i}` }),
    }));
    const purchases = owners.flatMap((owner) =>
      Array.from({ length: 5 }, () => ({
        owner,
        answer: call(
          port,
          'POST',
          '/api/billing/credit-purchases',
          { packId: 'pack-10' },
          { Authorization: `Bearer ${owner.token}`, 'Idempotency-Key': randomUUID() },
        ),
      })),
    );
    let answered = 0;
    const all = [...signUps, ...purchases].map(({ answer }) => answer.then(() => (answered += 1)));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (answered >= 17) {
          clearInterval(check);
          resolve();
        }
      }, 1);
    });
    process.kill(server!.child.pid!, 'SIGKILL');
    await Promise.all(all);
    expect(await server!.exited).toBe('SIGKILL');

    const signUpAnswers = await Promise.all(signUps.map(async ({ email, answer }) => ({ email, answer: await answer })));
    const purchaseAnswers = await Promise.all(purchases.map(async ({ owner, answer }) => ({ owner, answer: await answer })));
    const acknowledgedSignUps = signUpAnswers.filter(({ answer }) => ok(answer, 201)).map(({ email }) => email);
    const acknowledgedPurchases = purchaseAnswers.filter(({ answer }) => ok(answer, 201));
    // Some of each were answered, some cut: the kill fell in the middle of the burst.
    expect(acknowledgedSignUps.length + acknowledgedPurchases.length).toBeGreaterThanOrEqual(17);
    expect(signUpAnswers.length + purchaseAnswers.length - acknowledgedSignUps.length - acknowledgedPurchases.length).toBeGreaterThan(0);

    // The file as the killed process left it (its WAL replayed on open).
    const file = new Database(path.join(dataDir, 'vowly.sqlite'));
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      const emails = new Set((file.prepare('select email from users').all() as { email: string }[]).map((row) => row.email));
      expect(acknowledgedSignUps.filter((email) => !emails.has(email))).toEqual([]);
      for (const owner of owners) {
        const purchased = (
          file.prepare("select count(*) as n from credit_entries where vendor_id = ? and reason = 'purchase'").get(owner.vendorId) as { n: number }
        ).n;
        expect(purchased).toBeGreaterThanOrEqual(acknowledgedPurchases.filter((answer) => answer.owner === owner).length);
      }
      const unbalanced = file
        .prepare(
          `select b.vendor_id, b.balance, coalesce(sum(e.delta), 0) as total
             from credit_balances b left join credit_entries e on e.vendor_id = b.vendor_id
            group by b.vendor_id, b.balance having b.balance != coalesce(sum(e.delta), 0)`,
        )
        .all();
      expect(unbalanced).toEqual([]);
    } finally {
      file.close();
    }

    // And the restarted server serves it: an owner's credits are what the ledger says.
    port = await startServer(dataDir);
    const first = owners[0]!;
    const signedIn = await call(port, 'POST', '/api/login', { email: 'owner-0@example.com', password: STRONG_PASSWORD });
    expect(ok(signedIn, 200)).toBe(true);
    const credits = await call(port, 'GET', '/api/credits', undefined, { Authorization: `Bearer ${(signedIn as { body: Body }).body.data.accessToken}` });
    expect(ok(credits, 200)).toBe(true);
    const purchasedForFirst = acknowledgedPurchases.filter((answer) => answer.owner === first).length;
    expect((credits as { body: Body }).body.data.balance).toBeGreaterThanOrEqual(purchasedForFirst * 10);
    console.log(
      `kill -9: ${acknowledgedSignUps.length} of 30 sign-ups and ${acknowledgedPurchases.length} of 20 purchases acknowledged before the kill, all stored; integrity ok; every ledger sums to its balance`,
    );
  }, 120_000);
});
