/**
 * How a JSON text column is read. Stored JSON is never trusted to parse: a value that is missing,
 * not JSON or of another shape reads as empty, so one damaged row cannot fail a page or a job.
 * Each table's mapper (its `…-row.ts` or record file) calls these; no other code parses a column.
 */
export function jsonObjectOf(text: string | null | undefined): Record<string, unknown> {
  const value = parsed(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A JSON column holding a list of numbers (ids); anything else in it is left out. */
export function jsonNumbersOf(text: string | null | undefined): number[] {
  const value = parsed(text);
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number' && Number.isFinite(item)) : [];
}

function parsed(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
