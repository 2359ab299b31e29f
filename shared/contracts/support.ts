import { z } from 'zod';

/** What a vendor may write to support about, with the label both the form and the mail show. */
export const CONTACT_TOPICS = {
  billing: 'Billing, plans and credits',
  'leads-and-quotes': 'Leads and quotes',
  account: 'My account and team',
  profile: 'My profile and reviews',
  technical: 'Something is not working',
  other: 'Something else',
} as const;

export type ContactTopic = keyof typeof CONTACT_TOPICS;

/** The shortest and longest message to support, counted after trimming. */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** Control characters other than tab and line breaks: nothing a person types, and PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
const CONTROL_CHARACTERS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/** `POST /api/contact`: mailed to support as plain text, a copy to the sender. */
export const contactBodySchema = z.strictObject({
  topic: z.enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]], { error: 'Choose a topic' }),
  message: z
    .string({ error: 'Write your message' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Write at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(CONTACT_MESSAGE_MAX, `Use at most ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), 'Remove the control characters from your message'),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** The answer of `POST /api/contact` (202): where support will answer, and where the copy went. */
/** Where support answers, and whether a copy was mailed (only to a verified address). */
export const contactReceiptSchema = z.object({ replyTo: z.string(), copySent: z.boolean() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
