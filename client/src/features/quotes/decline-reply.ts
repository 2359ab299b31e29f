import type { MessageSnippet } from '../../../../shared/contracts/messages';

/** A decline's reason that says the date is taken ("Booked that weekend", "not available on the 12th"). */
const DATE_TAKEN = /\b(date|day|weekend|booked|busy|available|availability|calendar)\b/i;
/** A quick reply about the date ("Not available on your date"). */
const ABOUT_THE_DATE = /\b(date|available|booked)\b/i;

/**
 * The quick reply a decline's message starts from: the one about the date when the reason says
 * the date is taken, else the business's first; undefined when it has none.
 */
export function declineReplyFor(replies: readonly MessageSnippet[], reason: string): MessageSnippet | undefined {
  const dated = DATE_TAKEN.test(reason) ? replies.find((reply) => ABOUT_THE_DATE.test(reply.title)) : undefined;
  return dated ?? replies[0];
}
