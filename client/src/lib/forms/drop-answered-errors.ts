import type { ErrorSchema } from '@rjsf/utils';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const child = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/**
 * The server's field errors of the last save, less those of the fields the vendor has changed
 * since: an error stays under a field only while its answer is the one the server refused
 * (a "required" left under a field just filled in reads as if the new answer were wrong).
 * Returns `errors` itself when nothing changed, and undefined when no error is left.
 */
export function dropAnsweredErrors(errors: ErrorSchema | undefined, before: unknown, after: unknown): ErrorSchema | undefined {
  if (!errors) return undefined;
  if (same(before, after)) return errors;
  const kept: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(errors)) {
    if (key === '__errors') {
      // An error of this object as a whole (e.g. "choose at least one"): gone once the object changed.
      changed = true;
      continue;
    }
    const inner = dropAnsweredErrors(value as ErrorSchema, child(before, key), child(after, key));
    if (inner !== value) changed = true;
    if (inner) kept[key] = inner;
  }
  if (!changed) return errors;
  return Object.keys(kept).length > 0 ? (kept as ErrorSchema) : undefined;
}
