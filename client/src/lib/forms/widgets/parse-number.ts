const PLAIN = /^-?(?:\d+\.?\d*|\.\d+)$/;
const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * What a number field holds for the text typed in it: the number it reads as, written the way
 * people write numbers ("1200", "1,200", "4500.5"; for money also "$4,500"), undefined when
 * empty, or the text itself when it is not a number ("fifty"), so the form's type rule says so
 * instead of the value changing under the person's eyes. Never clamps or rounds.
 */
export function parseNumber(text: string, money = false): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const bare = (money ? trimmed.replace(/^(-?)\s*\$\s*/, '$1') : trimmed).replace(/\s+/g, '');
  if (PLAIN.test(bare)) return Number(bare);
  if (GROUPED.test(bare)) return Number(bare.replace(/,/g, ''));
  return text;
}
