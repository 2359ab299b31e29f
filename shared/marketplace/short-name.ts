/**
 * How a couple is named in public: first name and the initial of the last word ("Maria Garcia"
 * → "Maria G.", "jordan avery" → "Jordan A."). A single name stays as it is; an empty one is "A couple".
 */
export function shortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'A couple';
  const capital = (word: string) => word.charAt(0).toLocaleUpperCase('en-US');
  const firstName = capital(first) + first.slice(1);
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${firstName} ${capital(last)}.` : firstName;
}
