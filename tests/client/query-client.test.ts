import { afterEach, describe, expect, it, vi } from 'vitest';

const owner = { id: 'u1', role: 'admin' };
const other = { id: 'u2', role: 'admin' };

/** A fresh app query client and session store, signed in as `vendor`, with one cached answer. */
async function appClientSignedInAs(vendor: Record<string, unknown>) {
  vi.resetModules();
  localStorage.clear();
  const session = await import('../../client/src/lib/session/session');
  // A fresh store: its vendor check is loaded as main.tsx does for a stored session.
  await session.loadVendorCheck();
  session.storeSession({ accessToken: 'a1', refreshToken: 'r1', vendor });
  const { appQueryClient } = await import('../../client/src/lib/api/query-client');
  const client = appQueryClient();
  client.setQueryData(['team'], { members: [], invitations: [] });
  return { client, session };
}

describe('appQueryClient', () => {
  afterEach(() => localStorage.clear());

  it('when another account signs in, then nothing cached for the previous one is left', async () => {
    const { client, session } = await appClientSignedInAs(owner);

    session.clearSession();
    expect(client.getQueryData(['team'])).toBeDefined();
    session.storeSession({ accessToken: 'a2', refreshToken: 'r2', vendor: other });

    expect(client.getQueryData(['team'])).toBeUndefined();
  });

  it('when the same account refreshes its tokens or signs in again, then the cache stays', async () => {
    const { client, session } = await appClientSignedInAs(owner);

    session.storeTokens({ accessToken: 'a2', refreshToken: 'r2' });
    session.clearSession();
    session.storeSession({ accessToken: 'a3', refreshToken: 'r3', vendor: owner });

    expect(client.getQueryData(['team'])).toEqual({ members: [], invitations: [] });
  });

  it('when another tab signs in as someone else, then the cache is emptied here too', async () => {
    const { client } = await appClientSignedInAs(owner);

    localStorage.setItem('vendorData', JSON.stringify(other));
    window.dispatchEvent(new StorageEvent('storage', { key: 'vendorData' }));

    expect(client.getQueryData(['team'])).toBeUndefined();
  });
});
