/**
 * The merge fields an auto-response may use, with how the editor names them. `category` is what
 * the couple is planning from this vendor ("wedding cake"), so "your {category}" reads naturally.
 */
export const MERGE_FIELDS = {
  customer_name: "The couple's first name",
  event_date: 'The event date',
  category: 'What they are planning ("wedding cake")',
  guests: 'Number of guests',
  location: 'Where the event is',
  business_name: 'Your business name',
} as const;

export type MergeField = keyof typeof MERGE_FIELDS;

/** The fields written as they are typed: `{customer_name}`, … */
export const MERGE_FIELD_TOKENS = Object.keys(MERGE_FIELDS).map((name) => `{${name}}`);

/**
 * Text whose braces only ever hold a known merge field: what the `merge-template` format
 * accepts, on the server and in the browser's precompiled validator alike.
 */
export const MERGE_TEMPLATE_PATTERN = new RegExp(`^(?:[^{}]|\\{(?:${Object.keys(MERGE_FIELDS).join('|')})\\})*$`);

/** The message when a message holds an unknown merge field (or a stray brace). */
export const MERGE_TEMPLATE_MESSAGE = `Use only these merge fields: ${MERGE_FIELD_TOKENS.join(', ')}. Check the spelling and the braces.`;
