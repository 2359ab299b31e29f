/**
 * Whether a vendor field counts as set for the guard: anything but missing, null, false, 0,
 * NaN, "" and []. Mirrors the seed's truthiness checks ("neither … nor … set").
 */
export function isSet(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}
