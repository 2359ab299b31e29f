import type { CreditLedgerEntry } from '../../lib/credits/api/get-credits';

/** A ledger row with the balance right after it. */
export type LedgerRow = CreditLedgerEntry & { balanceAfter: number };

/**
 * The rows of the credits ledger (newest first) with the balance after each: the server's
 * `balanceAfter` when it sent one, otherwise worked back from the current balance (the newest
 * row leaves the balance as it is now; each older one leaves it minus the newer rows' changes).
 */
export function withRunningBalance(balance: number, entries: readonly CreditLedgerEntry[]): LedgerRow[] {
  let after = balance;
  return entries.map((entry) => {
    const balanceAfter = entry.balanceAfter ?? after;
    after = balanceAfter - entry.delta;
    return { ...entry, balanceAfter };
  });
}
