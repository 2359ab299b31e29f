/** The first read again after the confirm's answer, while vendors are being found (matching usually takes well under a second). */
const FIRST_DELAY_MS = 250;
/** The longest wait between two reads: a match retried after a failure still shows within seconds of it. */
const MAX_DELAY_MS = 4_000;

/**
 * How long the couple's page waits before reading the request again while its matching (a job
 * queued by the confirm) has not run: 0.25 s after the first answer, doubling with each read, at
 * most 4 s. `reads` is how many answers the page has had (1 after the confirm's).
 */
export function matchingPollDelay(reads: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, reads - 1), MAX_DELAY_MS);
}
