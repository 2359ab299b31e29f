/**
 * The vendors of a category as a sentence names them, from its label: "Bakery" → "bakeries",
 * "Florist" → "florists"; a label naming a trade rather than its people gets "vendors"
 * ("photography vendors", "hair & makeup vendors"). With a count: "12 bakeries", "1 bakery".
 */
export function vendorsOfKind(label: string, count?: number): string {
  const word = label.trim().toLowerCase();
  let plural: string;
  let singular: string;
  if (word.endsWith('vendors')) {
    plural = word;
    singular = word.slice(0, -1);
  } else if (/\s(&|and)\s/.test(word) || /(ing|tion|phy)$/.test(word)) {
    plural = `${word} vendors`;
    singular = `${word} vendor`;
  } else if (word.endsWith('s')) {
    plural = `${word.slice(0, -1)} vendors`;
    singular = `${word.slice(0, -1)} vendor`;
  } else if (/[^aeiou]y$/.test(word)) {
    plural = `${word.slice(0, -1)}ies`;
    singular = word;
  } else {
    plural = `${word}s`;
    singular = word;
  }
  if (count === undefined) return plural;
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
