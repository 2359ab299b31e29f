import type { FieldError } from '../../shared/contracts/problem';
import type { Gazetteer } from '../places';

/**
 * The form's places (`"format": "us-place"` fields) that the gazetteer does not know: Ajv checks
 * how a place is written, in both places; only the server can say that "Austinn, TX" is no city.
 */
export function unknownPlaces(places: Gazetteer, schema: Record<string, unknown>, data: Record<string, unknown>): FieldError[] {
  const properties = (schema.properties ?? {}) as Record<string, { format?: unknown }>;
  return Object.entries(properties).flatMap(([field, property]) => {
    const value = data[field];
    if (property.format !== 'us-place' || typeof value !== 'string' || places.find(value)) return [];
    return [{ path: field, message: `We could not find "${value.trim()}". Check the spelling, or use your ZIP code.` }];
  });
}
