import type { QuoteStatus } from '../contracts/marketplace';

/**
 * Why the business may not write to the couple in a quote's thread, or null when it may. It writes
 * on a quote it sent (submitted, accepted, completed): before that the quote comes first (a message
 * would reach the couple without the lead's credit spent), and once the couple turned the quote
 * down or the match closed (withdrawn, booked elsewhere, declined, expired) the thread stays to be
 * read but takes no more messages. The server refuses (409) with these words; the pages show them
 * in place of the box.
 */
export function vendorWriteRefusal(status: QuoteStatus): string | null {
  switch (status) {
    case 'potential':
      return 'Send your quote first: the couple reads your messages beside it.';
    case 'rejected':
      return 'The couple turned this quote down: you can read the conversation but no longer write in it.';
    case 'closed':
      return 'This match is closed: you can read the conversation but no longer write in it.';
    case 'submitted':
    case 'accepted':
    case 'completed':
      return null;
  }
}
