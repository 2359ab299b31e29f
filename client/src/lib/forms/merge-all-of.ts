import type { RJSFSchema } from '@rjsf/utils';
import shallowAllOfMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';

const COMPARISONS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/** `{ "minimum": { "$data": "1/min_guests" } }`: a limit taken from another field, for the validator alone. */
function isFieldLimit(part: unknown): boolean {
  if (!part || typeof part !== 'object') return false;
  const entries = Object.entries(part);
  return entries.length > 0 && entries.every(([key, value]) => COMPARISONS.has(key) && value !== null && typeof value === 'object' && '$data' in value);
}

/**
 * How RJSF merges `allOf` for drawing a form, minus the limits taken from other fields (Ajv
 * `$data`): they cannot be merged with a field's own bounds (RJSF would warn on every render and
 * drop the whole `allOf`), and drawing never needs them; the validator still applies them.
 */
export function mergeAllOfForDrawing(schema: RJSFSchema): RJSFSchema {
  const { allOf, ...rest } = schema;
  const kept = (allOf ?? []).filter((part) => !isFieldLimit(part));
  return kept.length > 0 ? (shallowAllOfMerge({ ...rest, allOf: kept }) as RJSFSchema) : rest;
}
