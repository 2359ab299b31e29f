import { createHash } from 'node:crypto';

/** A seed of its own for `text`, from the walk's seed. */
export function hashSeed(seed: number, text: string): number {
  return createHash('sha256').update(`${seed}:${text}`).digest().readUInt32LE(0);
}

/** `items` in a seeded order. */
export function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * `always`, every `required` entry, then a seeded sample of the optional ones up to `cap` in all.
 * Lean: `always`, then a seeded sample of the rest up to `cap` (at least one).
 */
export function pick<T>(required: T[], optional: T[], cap: number, random: () => number, lean: boolean, always: T[] = []): T[] {
  if (lean) return [...always, ...shuffled(required, random), ...shuffled(optional, random)].slice(0, Math.max(1, cap, always.length));
  return [...always, ...required, ...shuffled(optional, random).slice(0, Math.max(0, cap - always.length - required.length))];
}
