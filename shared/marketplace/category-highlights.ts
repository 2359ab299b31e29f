import type { CategoryFile } from '../contracts/category';

type JsonSchemaField = { type?: unknown; enum?: unknown; oneOf?: unknown; items?: unknown };

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A choice's label: the `title` of its `oneOf` entry when the schema gives one, else the value itself. */
function labelOf(field: JsonSchemaField | undefined, value: unknown): string {
  const choices = Array.isArray(field?.oneOf) ? (field.oneOf as { const?: unknown; title?: unknown }[]) : [];
  const choice = choices.find((c) => c && c.const === value);
  return typeof choice?.title === 'string' ? choice.title : String(value);
}

function textOf(field: JsonSchemaField | undefined, value: unknown, format: 'money' | 'number' | undefined): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (format === 'money') return Number.isInteger(value) ? wholeDollars.format(value) : dollars.format(value);
    if (format === 'number') return numbers.format(value);
    return labelOf(field, value);
  }
  if (format) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : labelOf(field, value.trim());
  if (Array.isArray(value)) {
    const items = field?.items as JsonSchemaField | undefined;
    const labels = value.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => labelOf(items, v));
    return labels.length === 0 ? null : labels.join(', ');
  }
  return null;
}

/**
 * The lines a couple reads first about a vendor in a category ("Cakes from $7.50 a slice",
 * "Offers: Wedding cakes, Cupcakes"), from the category file's `highlights` and the vendor's
 * saved settings, in the file's order. Fields left empty, of the wrong kind or turned off give no line.
 */
export function categoryHighlights(category: Pick<CategoryFile, 'highlights' | 'settings'>, settings: Record<string, unknown>): string[] {
  const fields = (category.settings?.schema.properties ?? {}) as Record<string, JsonSchemaField>;
  const lines: string[] = [];
  for (const highlight of category.highlights ?? []) {
    const value = settings[highlight.settings];
    if (typeof value === 'boolean') {
      if (value) lines.push(highlight.text);
      continue;
    }
    const text = textOf(fields[highlight.settings], value, highlight.format);
    if (text !== null) lines.push(highlight.text.replaceAll('{value}', text));
  }
  return lines;
}
