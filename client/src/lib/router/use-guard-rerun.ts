import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { VendorRecord } from '../../../../shared/contracts/vendor';
import { readSession, subscribeSession } from '../session/session';

/**
 * The fields of the vendor record whose change on the server can make the page the vendor is on
 * forbidden without any navigation of theirs: the payment status (the guard's first rule: a
 * renewal failed, or was paid), the role and the abilities. The category rules' fields change
 * only through the vendor's own form saves, whose screens move on by themselves.
 */
export function guardFingerprint(vendor: VendorRecord | null): string | null {
  if (!vendor) return null;
  return JSON.stringify([vendor.payment_status ?? null, vendor.role ?? null, vendor.ability ?? null]);
}

/**
 * Runs the guard again (the router's loaders revalidate) when a fresh vendor record in this tab
 * changes a guard field: a renewal that failed meanwhile moves the vendor to
 * update-payment-method as soon as `/api/vendor/me` says so, and a paid one lets them go to the
 * dashboard. Sign-in and sign-out (no record before or after) are their screens' own navigations,
 * and another tab's changes are RootLayout's. Revalidating writes no record, so it cannot loop.
 */
export function useGuardRerun(): void {
  const { revalidate } = useRevalidator();
  // The guard fields the page was drawn with, read at the first render: a record stored between
  // that render and the effect below (which subscribes) is a change too, not the starting point.
  const [drawnWith] = useState(() => guardFingerprint(readSession().vendor));
  const last = useRef<string | null | undefined>(undefined);
  const rerun = useRef(revalidate);
  useEffect(() => {
    rerun.current = revalidate;
  }, [revalidate]);
  useEffect(() => {
    last.current ??= drawnWith;
    const follow = (fromOtherTab: boolean) => {
      const next = guardFingerprint(readSession().vendor);
      const previous = last.current;
      if (next === previous) return;
      last.current = next;
      if (fromOtherTab || previous === null || previous === undefined || next === null) return;
      void rerun.current();
    };
    follow(false);
    return subscribeSession(({ fromOtherTab }) => follow(fromOtherTab));
  }, [drawnWith]);
}
