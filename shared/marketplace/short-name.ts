/** A word of a name as shown: from its first letter to its last ("=Sam" → "Sam", "(Taylor)" → "Taylor"; "Mary-Jane" and "O'Neil" stay whole). */
const LETTERS = /\p{L}(?:.*[\p{L}\p{M}])?/u;

/**
 * How a couple is named in public: first name and the initial of the last word ("Maria Garcia"
 * → "Maria G.", "jordan avery" → "Jordan A."), made of letters only: what a name holds around its
 * words (signs, digits, punctuation) is left out, so "=Sam +Taylor" is "Sam T.", and a word
 * without a letter is no word. A single name stays as it is; one without any letter is "A couple".
 */
export function shortName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/)
    .map((word) => LETTERS.exec(word)?.[0])
    .filter((word): word is string => Boolean(word));
  const first = words[0];
  if (!first) return 'A couple';
  const capital = (word: string) => word.charAt(0).toLocaleUpperCase('en-US');
  const firstName = capital(first) + first.slice(1);
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${firstName} ${capital(last)}.` : firstName;
}
