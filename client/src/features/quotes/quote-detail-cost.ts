/** "1 credit", "3 credits". */
export function creditCount(n: number): string {
  return n === 1 ? '1 credit' : `${String(n)} credits`;
}

/** The cost line above the quote form: "Quoting costs 2 credits · you have 9" (the balance once known). */
export function costLine(leadCost: number, balance: number | undefined): string {
  const cost = `Quoting costs ${creditCount(leadCost)}`;
  return balance === undefined ? cost : `${cost} · you have ${String(balance)}`;
}

/** Whether the known balance is short of the lead cost (unknown counts as enough: the server decides). */
export function isShort(leadCost: number, balance: number | undefined): boolean {
  return balance !== undefined && balance < leadCost;
}

/** Why the quote's credits came back, from the ledger's refund entry for it; null when there is none. */
export function refundReasonOf(
  entries: readonly { reason: string; quoteId?: string | undefined; note?: string | undefined }[],
  quoteId: string,
): string | null {
  const refund = entries.find((entry) => entry.reason === 'refund' && entry.quoteId === quoteId);
  return refund ? (refund.note ?? null) : null;
}
