/** The parts of a JSON schema a summary reads. */
interface FieldSchema {
  type?: string | string[];
  title?: string;
  enum?: unknown[];
  oneOf?: { const?: unknown; title?: string }[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
}

/** One line of a form's summary: the field's title and its value as text. */
export interface SummaryLine {
  key: string;
  label: string;
  value: string;
}

const USD = /\s*\(USD\)\s*/;
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-US');
const money = (value: number) => (Number.isInteger(value) ? dollars : cents).format(value);

function orderOf(properties: Record<string, FieldSchema>, uiSchema: Record<string, unknown> | undefined): string[] {
  const listed = Array.isArray(uiSchema?.['ui:order'])
    ? (uiSchema['ui:order'] as unknown[]).filter((k): k is string => typeof k === 'string' && k in properties)
    : [];
  return [...listed, ...Object.keys(properties).filter((k) => !listed.includes(k))];
}

function labelOf(key: string, schema: FieldSchema): string {
  return (schema.title ?? key.replace(/_/g, ' ')).replace(USD, ' ').trim();
}

function scalarText(value: unknown, schema: FieldSchema): string | null {
  const option = schema.oneOf?.find((o) => o.const === value);
  if (option?.title) return option.title;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return schema.title && USD.test(schema.title) ? money(value) : number.format(value);
  if (typeof value === 'string') return value.trim() || null;
  return null;
}

function valueText(value: unknown, schema: FieldSchema, uiSchema: Record<string, unknown> | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const item = schema.items ?? {};
    const parts = value.map((v) => valueText(v, item, uiSchema?.items as Record<string, unknown> | undefined)).filter((t): t is string => Boolean(t));
    if (parts.length === 0) return null;
    return item.properties ? parts.join('\n') : parts.join(', ');
  }
  if (typeof value === 'object') {
    const lines = summarizeFormData(schema, uiSchema, value as Record<string, unknown>);
    // An item led by a text field (a package's name) reads as "Full day · Hours of coverage: 8 · …".
    const [first, ...rest] = lines;
    if (!first) return null;
    const lead = schema.properties?.[first.key]?.type === 'string' ? first.value : `${first.label}: ${first.value}`;
    return [lead, ...rest.map((line) => `${line.label}: ${line.value}`)].join(' · ');
  }
  return scalarText(value, schema);
}

/**
 * A form's saved answers as a reader takes them in (a category's settings on its listing, a
 * customer's request, a vendor's quote): each answered field in the form's order,
 * labelled with its schema title; yes/no for booleans, dollars for "(USD)" fields, option titles
 * for choices, one line per item for lists of objects (packages, led by their name). Unanswered
 * fields are left out.
 */
export function summarizeFormData(schema: FieldSchema, uiSchema: Record<string, unknown> | undefined, data: Record<string, unknown>): SummaryLine[] {
  const properties = schema.properties ?? {};
  return orderOf(properties, uiSchema).flatMap((key) => {
    const field = properties[key] ?? {};
    const value = valueText(data[key], field, uiSchema?.[key] as Record<string, unknown> | undefined);
    return value ? [{ key, label: labelOf(key, field), value }] : [];
  });
}
