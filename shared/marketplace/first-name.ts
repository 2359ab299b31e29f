/**
 * What a couple is called in a greeting: the first word of the name they gave, capitalised
 * ("jordan avery" → "Jordan", "Maria José Garcia" → "Maria"); "" when they gave none.
 */
export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return first.charAt(0).toLocaleUpperCase('en-US') + first.slice(1);
}
