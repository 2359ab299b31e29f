/**
 * The quick replies every business starts with (docs/marketplace.md: Messages), written as a vendor would send
 * them; the business edits or deletes them like its own.
 */
export const READY_SNIPPETS: readonly { title: string; body: string }[] = [
  {
    title: 'Not available on your date',
    body: 'Thank you for thinking of us! Unfortunately we are already booked on your date. We wish you a wonderful celebration.',
  },
  {
    title: 'Not a good fit',
    body: 'Thank you for your request. Your event is not a good fit for what we offer, so we are not the right choice this time. We wish you all the best with your plans.',
  },
];
