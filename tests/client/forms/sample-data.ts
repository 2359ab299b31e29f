/** The parts of a form schema the samples are made from. */
export interface FieldSchema {
  type?: string;
  title?: string;
  enum?: unknown[];
  const?: unknown;
  oneOf?: FieldSchema[];
  anyOf?: FieldSchema[];
  /** `not: { properties: { a: false, b: false } }` means "at least one of a, b". */
  not?: { description?: string; properties?: Record<string, unknown> };
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: FieldSchema;
  required?: string[];
  properties?: Record<string, FieldSchema>;
}

export type FormData = Record<string, unknown>;

/** A bad sample: what was broken, and the data. */
export interface BadSample {
  name: string;
  data: FormData;
}

// A schema with a pattern needs a value written for it: a new pattern in schemas/ fails loudly here.
const PATTERN_SAMPLES: Record<string, { good: string; bad: string }> = {
  '^\\+?[0-9 ()-]{7,20}$': { good: '+1 (555) 010-0000', bad: 'call me' },
};

const FORMAT_SAMPLES: Record<string, { good: string; bad: string }> = {
  'seed-url': { good: 'https://example.com', bad: 'example dot com' },
  'seed-email': { good: 'vendor@example.com', bad: 'vendor at example' },
  'instagram-handle': { good: '@crumbandco', bad: 'crumb and co' },
  'us-place': { good: 'Austin, TX', bad: 'Austin' },
  'single-line': { good: 'Crumb & Co', bad: 'Crumb\nClick here' },
  'merge-template': {
    good: 'Hi {customer_name}, thank you for thinking of us for your {category}!',
    bad: 'Hi {name}, thank you for thinking of us for your cake!',
  },
};

function choices(schema: FieldSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  if (schema.oneOf?.every((option) => 'const' in option)) return schema.oneOf.map((option) => option.const);
  return undefined;
}

function lowestNumber(schema: FieldSchema): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  return schema.maximum !== undefined ? Math.min(low, schema.maximum) : low;
}

function goodString(schema: FieldSchema, where: string): string {
  if (schema.format) {
    const sample = FORMAT_SAMPLES[schema.format];
    if (!sample) throw new Error(`${where}: no sample value for format "${schema.format}"; add one to FORMAT_SAMPLES`);
    return sample.good;
  }
  if (schema.pattern) {
    const sample = PATTERN_SAMPLES[schema.pattern];
    if (!sample) throw new Error(`${where}: no sample value for pattern ${schema.pattern}; add one to PATTERN_SAMPLES`);
    return sample.good;
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** The smallest value a field accepts: required fields only, first options, lowest numbers, shortest strings. */
export function goodValue(schema: FieldSchema, where = '$'): unknown {
  if ('const' in schema) return schema.const;
  const options = choices(schema);
  if (options) return options[0];
  switch (schema.type) {
    case 'string':
      return goodString(schema, where);
    case 'number':
    case 'integer':
      return lowestNumber(schema);
    case 'boolean':
      return false;
    case 'array': {
      const items = schema.items ?? {};
      const count = schema.minItems ?? 0;
      const itemOptions = choices(items);
      if (itemOptions) return itemOptions.slice(0, count);
      return Array.from({ length: count }, (_, i) => goodValue(items, `${where}[${i}]`));
    }
    case 'object': {
      const data: FormData = {};
      const required = [...(schema.required ?? [])];
      // A top-level anyOf of `required` branches: the first branch is enough.
      const firstBranch = schema.anyOf?.[0];
      if (firstBranch?.required) required.push(...firstBranch.required);
      // "At least one of" written as not-none-of: the first of them is enough.
      const firstOfNot = Object.keys(schema.not?.properties ?? {})[0];
      if (firstOfNot) required.push(firstOfNot);
      for (const name of required) {
        const property = schema.properties?.[name];
        if (!property) throw new Error(`${where}.${name}: required but not a property`);
        data[name] = goodValue(property, `${where}.${name}`);
      }
      return data;
    }
    default:
      throw new Error(`${where}: no sample value for type ${String(schema.type)}`);
  }
}

function wrongType(schema: FieldSchema): unknown {
  switch (schema.type) {
    case 'string':
      return 42;
    case 'boolean':
      return 'yes';
    default:
      return 'not a value of this type';
  }
}

function firstProperty(schema: FieldSchema, test: (property: FieldSchema) => boolean): [string, FieldSchema] | undefined {
  return Object.entries(schema.properties ?? {}).find(([, property]) => test(property));
}

/**
 * Data each form must reject: one rule broken per sample (a missing required field, a number
 * below its minimum, a value of the wrong type, a string over its maxLength, an option not
 * offered, and whatever else the form uses: pattern, format, whole numbers, item counts,
 * nested fields, a top-level anyOf).
 */
export function badSamples(schema: FieldSchema, good: FormData): BadSample[] {
  const samples: BadSample[] = [];
  const add = (name: string, change: (data: FormData) => void) => {
    const data = structuredClone(good);
    change(data);
    samples.push({ name, data });
  };
  const required = schema.required ?? [];

  const missing = required[0];
  if (missing) add(`"${missing}" missing`, (d) => delete d[missing]);

  const all = required.slice();
  if (all.length > 1) add('every required field missing', (d) => all.forEach((name) => delete d[name]));

  const numeric = firstProperty(schema, (p) => (p.type === 'number' || p.type === 'integer') && p.minimum !== undefined);
  if (numeric) add(`"${numeric[0]}" below its minimum`, (d) => (d[numeric[0]] = numeric[1].minimum! - 1));

  const high = firstProperty(schema, (p) => (p.type === 'number' || p.type === 'integer') && p.maximum !== undefined);
  if (high) add(`"${high[0]}" above its maximum`, (d) => (d[high[0]] = high[1].maximum! + 1));

  const whole = firstProperty(schema, (p) => p.type === 'integer');
  if (whole) add(`"${whole[0]}" not a whole number`, (d) => (d[whole[0]] = lowestNumber(whole[1]) + 0.5));

  const typed = required.map((name) => [name, schema.properties?.[name]] as const).find(([, p]) => p?.type);
  if (typed) add(`"${typed[0]}" of the wrong type`, (d) => (d[typed[0]] = wrongType(typed[1]!)));

  const long = firstProperty(schema, (p) => p.type === 'string' && p.maxLength !== undefined);
  if (long) add(`"${long[0]}" too long`, (d) => (d[long[0]] = 'x'.repeat(long[1].maxLength! + 1)));

  const short = firstProperty(schema, (p) => p.type === 'string' && (p.minLength ?? 0) > 1);
  if (short) add(`"${short[0]}" too short`, (d) => (d[short[0]] = 'x'.repeat(short[1].minLength! - 1)));

  const single = firstProperty(schema, (p) => choices(p) !== undefined);
  if (single) add(`"${single[0]}" not one of the options`, (d) => (d[single[0]] = 'Not an option'));

  const multi = firstProperty(schema, (p) => p.type === 'array' && p.items !== undefined && choices(p.items) !== undefined);
  if (multi) add(`"${multi[0]}" with an option not offered`, (d) => (d[multi[0]] = [multi[1].items!.type === 'string' ? 'Not an option' : 999_999]));

  const atLeast = firstProperty(schema, (p) => p.type === 'array' && (p.minItems ?? 0) > 0);
  if (atLeast) add(`"${atLeast[0]}" with too few items`, (d) => (d[atLeast[0]] = []));

  const unique = firstProperty(schema, (p) => p.type === 'array' && p.uniqueItems === true && p.items !== undefined);
  if (unique) {
    const item = goodValue(unique[1].items!);
    add(`"${unique[0]}" with a repeated item`, (d) => (d[unique[0]] = [item, item]));
  }

  const atMost = firstProperty(schema, (p) => p.type === 'array' && p.maxItems !== undefined && p.items !== undefined);
  if (atMost) {
    const item = goodValue(atMost[1].items!);
    add(`"${atMost[0]}" with too many items`, (d) => (d[atMost[0]] = Array.from({ length: atMost[1].maxItems! + 1 }, () => structuredClone(item))));
  }

  const patterned = firstProperty(schema, (p) => p.pattern !== undefined);
  if (patterned) add(`"${patterned[0]}" not matching its pattern`, (d) => (d[patterned[0]] = PATTERN_SAMPLES[patterned[1].pattern!]?.bad));

  const formatted = firstProperty(schema, (p) => p.format !== undefined && p.format in FORMAT_SAMPLES);
  if (formatted) add(`"${formatted[0]}" not a valid ${formatted[1].format}`, (d) => (d[formatted[0]] = FORMAT_SAMPLES[formatted[1].format!]?.bad));

  const nested = firstProperty(schema, (p) => p.type === 'array' && p.items?.type === 'object' && (p.minItems ?? 0) > 0);
  if (nested) {
    const [name, array] = nested;
    const inner = firstProperty(array.items!, (p) => (p.type === 'number' || p.type === 'integer') && p.minimum !== undefined);
    const innerRequired = array.items!.required?.[0];
    if (inner) add(`"${name}[0].${inner[0]}" below its minimum`, (d) => ((d[name] as FormData[])[0]![inner[0]] = inner[1].minimum! - 1));
    if (innerRequired) add(`"${name}[0].${innerRequired}" missing`, (d) => delete (d[name] as FormData[])[0]![innerRequired]);
  }

  const branches = schema.anyOf?.flatMap((branch) => branch.required ?? []) ?? [];
  if (branches.length > 0) add(`none of ${branches.join(', ')} (anyOf)`, (d) => branches.forEach((name) => delete d[name]));
  const atLeastOne = Object.keys(schema.not?.properties ?? {});
  if (atLeastOne.length > 0) add(`none of ${atLeastOne.join(', ')} (not)`, (d) => atLeastOne.forEach((name) => delete d[name]));

  return samples;
}
