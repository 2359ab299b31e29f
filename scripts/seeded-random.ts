/**
 * A small, seeded random source (mulberry32) giving numbers in [0, 1): the same seed gives the
 * same sequence, so a generated database can be made again and a failing generated case replayed.
 * For data and test inputs only: never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
