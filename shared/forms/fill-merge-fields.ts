import { MERGE_FIELDS, type MergeField } from './merge-fields';

const FIELD = new RegExp(`\\{(${Object.keys(MERGE_FIELDS).join('|')})\\}`, 'g');

/**
 * Fills the known merge fields of an auto-response (`{customer_name}` → "Jordan"); a field with
 * no value given, and anything else in braces, stays as written. The preview and the message a
 * new match sends both use it.
 */
export function fillMergeFields(template: string, values: Partial<Record<MergeField, string>>): string {
  return template.replace(FIELD, (token, field: MergeField) => values[field] ?? token);
}
