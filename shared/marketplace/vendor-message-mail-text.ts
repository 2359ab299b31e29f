/** The words of the mail a couple gets when a business writes to them (its address and link are the sender's). */
export interface VendorMessageMailText {
  subject: string;
  /** "Hi Jordan,". */
  greeting: string;
  /** "Sugar Bloom wrote:". */
  lead: string;
  /** The message as the business wrote it (or its auto-response as rendered). */
  body: string;
  /** The words of the link to the couple's request page, where they reply. */
  action: string;
}

/**
 * The mail a couple gets for a business's messages (`count` of them, their text in `body`), their automatic first reply included:
 * notifications send it, and the auto-response screen previews it with the same words.
 */
export function vendorMessageMailText(input: { coupleFirstName: string; businessName: string; body: string; count?: number }): VendorMessageMailText {
  const count = input.count ?? 1;
  return {
    subject: `${input.businessName} wrote to you`,
    greeting: `Hi ${input.coupleFirstName},`,
    lead: count === 1 ? `${input.businessName} wrote:` : `${input.businessName} wrote ${count} messages:`,
    body: input.body,
    action: 'Reply',
  };
}
