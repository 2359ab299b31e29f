import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession, storeSession, storeTokens, storeVendor, subscribeSession } from '../../client/src/lib/session/session';
import { useSessionVendor } from '../../client/src/lib/session/use-session';

const VENDOR = { id: 'u1', role: 'admin', business_name: 'Sweet Tiers Bakery', ability: [{ action: 'manage', subject: 'all' }] };

/** What another tab does: it writes localStorage, and this tab hears only the storage event. */
function writeInAnotherTab(key: string, value: string | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

function BusinessName() {
  const vendor = useSessionVendor();
  return <p>{typeof vendor?.business_name === 'string' ? vendor.business_name : 'signed out'}</p>;
}

describe('the session store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("when a session starts, then it is kept under the seed keys and subscribers hear it as this tab's change", () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);

    storeSession({ accessToken: 'a1', refreshToken: 'r1', vendor: VENDOR });

    expect(localStorage.getItem('vendorAccessToken')).toBe('a1');
    expect(localStorage.getItem('vendorRefreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('vendorData') ?? 'null')).toEqual(VENDOR);
    expect(readSession()).toEqual({ vendor: VENDOR, hasToken: true });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ fromOtherTab: false });
    stop();
  });

  it('when nothing changed, then reading the session gives the same object; a token refresh keeps the same vendor object', () => {
    storeSession({ accessToken: 'a1', refreshToken: 'r1', vendor: VENDOR });
    const first = readSession();

    expect(readSession()).toBe(first);
    storeTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(readSession()).toBe(first);
    storeVendor({ ...VENDOR, business_name: 'Sweet Tiers' });
    expect(readSession()).not.toBe(first);
    expect(readSession().vendor?.business_name).toBe('Sweet Tiers');
  });

  it("when another tab signs out, then subscribers hear it as another tab's change and the session reads signed out", () => {
    storeSession({ accessToken: 'a1', refreshToken: 'r1', vendor: VENDOR });
    const listener = vi.fn();
    const stop = subscribeSession(listener);

    writeInAnotherTab('vendorAccessToken', null);

    expect(listener).toHaveBeenCalledExactlyOnceWith({ fromOtherTab: true });
    expect(readSession().hasToken).toBe(false);
    stop();
  });

  it("when another tab changes a key that is not the session's, then nobody is told", () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);

    writeInAnotherTab('vowly-skin', 'dark');

    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it('when a subscriber unsubscribes, then it hears nothing more', () => {
    const listener = vi.fn();
    subscribeSession(listener)();

    storeVendor(VENDOR);
    writeInAnotherTab('vendorData', JSON.stringify(VENDOR));

    expect(listener).not.toHaveBeenCalled();
  });

  it('when the stored record is not a vendor record, then the session reads signed out rather than failing', () => {
    localStorage.setItem('vendorAccessToken', 'a1');
    localStorage.setItem('vendorData', '{"role": 42');

    expect(readSession()).toEqual({ vendor: null, hasToken: true });
  });

  it('when the vendor record changes here or in another tab, or the session ends, then a component reading it shows the change', () => {
    storeSession({ accessToken: 'a1', refreshToken: 'r1', vendor: VENDOR });
    render(<BusinessName />);
    expect(screen.getByText('Sweet Tiers Bakery')).toBeTruthy();

    act(() => storeVendor({ ...VENDOR, business_name: 'Sweet Tiers & Co' }));
    expect(screen.getByText('Sweet Tiers & Co')).toBeTruthy();

    act(() => writeInAnotherTab('vendorData', JSON.stringify({ ...VENDOR, business_name: 'Renamed Elsewhere' })));
    expect(screen.getByText('Renamed Elsewhere')).toBeTruthy();

    act(() => clearSession());
    expect(screen.getByText('signed out')).toBeTruthy();
    expect(localStorage.getItem('vendorAccessToken')).toBeNull();
    expect(localStorage.getItem('vendorData')).toBeNull();
  });

  it('when a stored record is read before its check has loaded, then it reads signed out until the check arrives, and subscribers hear it then', async () => {
    vi.resetModules();
    // A fresh store, as on the sign-in page before the check is fetched (the setup file loads it for the other tests).
    const fresh = await import('../../client/src/lib/session/session');
    localStorage.setItem('vendorAccessToken', 'a1');
    localStorage.setItem('vendorData', JSON.stringify(VENDOR));
    const listener = vi.fn();
    const stop = fresh.subscribeSession(listener);

    expect(fresh.readSession()).toEqual({ vendor: null, hasToken: true });
    await fresh.loadVendorCheck();

    expect(listener).toHaveBeenCalledExactlyOnceWith({ fromOtherTab: true });
    expect(fresh.readSession()).toEqual({ vendor: VENDOR, hasToken: true });
    stop();
  });
});
