import { randomUUID } from 'node:crypto';
import type { Labelled } from './tokens';

/** Wrong values for a field holding `value`. */
function wrongValues(value: unknown): Labelled[] {
  const common: Labelled[] = [
    { label: 'null', value: 'null' },
    { label: '[]', value: '[]' },
    { label: '{}', value: '{}' },
    { label: 'true', value: 'true' },
    { label: 'an object with a __proto__ key', value: '{"__proto__":{"polluted":"yes"}}' },
  ];
  const byType: [string, unknown][] =
    typeof value === 'string'
      ? [
          ['number', 123],
          ['empty', ''],
          ['60 KB', 'x'.repeat(60_000)],
          ['NUL', 'a\u0000b'],
          ['lone surrogate', 'a\ud800b'],
          ['SQL', "' OR 1=1; DROP TABLE users; --"],
          ['markup', '<img src=x onerror=alert(1)>'],
          ['newlines', 'line\r\nInjected: header'],
          ['array of strings', [value, value]],
        ]
      : typeof value === 'number'
        ? [
            ['string', '123'],
            ['negative', -1],
            ['zero', 0],
            ['fraction', 1.5],
            ['huge', 1e308],
          ]
        : typeof value === 'boolean'
          ? [
              ['string', 'true'],
              ['number', 1],
            ]
          : Array.isArray(value)
            ? [
                ['string', 'x'],
                ['array of nulls', [null, null]],
                ['10,000 items', Array.from({ length: 10_000 }, (_, i) => i)],
              ]
            : [
                ['string', 'x'],
                ['number', 1],
              ];
  // Written as JSON text: no JavaScript number holds them.
  const beyondDoubles: Labelled[] =
    typeof value === 'number'
      ? [
          { label: 'unsafe integer', value: '9007199254740993' },
          { label: 'beyond a double', value: '1e400' },
        ]
      : [];
  return [...byType.map(([label, wrong]) => ({ label, value: JSON.stringify(wrong) })), ...beyondDoubles, ...common];
}

/** `body` as JSON text with the field at `path` holding the JSON text `replacement` (or left out when undefined). */
export function withField(body: Record<string, unknown>, path: string[], replacement: string | undefined): string {
  const marker = `__corpus_${randomUUID()}__`;
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = path[path.length - 1] ?? '';
  if (replacement === undefined) delete at[last];
  else at[last] = marker;
  return replacement === undefined ? JSON.stringify(copy) : JSON.stringify(copy).replace(`"${marker}"`, replacement);
}

/** Mutations of a realistic body, one per field and kind (required: the first wrong type and leaving out, for each field). */
export function fieldMutations(body: Record<string, unknown>, prefix: string[] = []): { required: Labelled[]; optional: Labelled[] } {
  const required: Labelled[] = [];
  const optional: Labelled[] = [];
  const root = prefix.length === 0 ? body : (prefix.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], body) as Record<string, unknown>);
  for (const [key, value] of Object.entries(root)) {
    const path = [...prefix, key];
    const name = path.join('.');
    const [first, ...rest] = wrongValues(value);
    if (first) required.push({ label: `${name} = ${first.label}`, value: withField(body, path, first.value) });
    required.push({ label: `${name} left out`, value: withField(body, path, undefined) });
    for (const wrong of rest) optional.push({ label: `${name} = ${wrong.label}`, value: withField(body, path, wrong.value) });
    if (value && typeof value === 'object' && !Array.isArray(value) && prefix.length < 2) {
      const inner = fieldMutations(body, path);
      optional.push(...inner.required, ...inner.optional);
    }
  }
  const extra = prefix.length === 0 ? JSON.stringify({ ...body, extraField: 'x' }) : withField(body, [...prefix, 'extraField'], '"x"');
  required.push({ label: `${prefix.join('.') || 'body'} with an extra field`, value: extra });
  if (prefix.length === 0)
    required.push({ label: 'a __proto__ key beside the fields', value: JSON.stringify(body).replace(/^\{/, '{"__proto__":{"polluted":"yes"},') });
  return { required, optional };
}

/** `body` as JSON bytes with `ending` (bytes inside a JSON string: an escape, or bytes that are no UTF-8) at the end of every string, however deep. */
function withInEveryString(body: Record<string, unknown>, ending: Buffer): Buffer {
  const marker = `__corpus_${randomUUID()}__`;
  const parts = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'string' ? `${value}${marker}` : value)).split(marker);
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [ending, Buffer.from(part)])));
}

/** The paths of the strings in `body` (two levels deep, as the field mutations go). */
function stringPaths(body: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(body).flatMap(([key, value]) => {
    if (typeof value === 'string') return [[...prefix, key]];
    return value && typeof value === 'object' && !Array.isArray(value) && prefix.length < 2
      ? stringPaths(value as Record<string, unknown>, [...prefix, key])
      : [];
  });
}

/**
 * Text that only PostgreSQL refuses to store once it gets through (U+0000, half of a surrogate
 * pair), and bytes that are no UTF-8: sent to every route on every store and walk, lean or not.
 * NUL and the bytes go in every string at once; half a surrogate pair in one string at a time,
 * the others left valid, so a body that would pass every other check reaches the store.
 */
export function unstorableTextBodies(body: Record<string, unknown>): { label: string; value: Buffer }[] {
  return [
    { label: 'NUL in every string field', value: withInEveryString(body, Buffer.from('\\u0000')) },
    { label: 'bytes that are no UTF-8 in every string field', value: withInEveryString(body, Buffer.from([0xed, 0xa0, 0x80, 0xff])) },
    ...stringPaths(body).map((path) => {
      const value = path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], body) as string;
      return { label: `${path.join('.')} = half of a surrogate pair`, value: Buffer.from(withField(body, path, JSON.stringify(`${value}\ud800`))) };
    }),
  ];
}

/** Generic bodies for a route without a realistic one: the names forms and tokens use, with wrong types. */
export const GENERIC_FIELDS: Labelled[] = [
  { label: 'common fields of wrong types', value: '{"id":{},"email":123,"password":[],"token":null,"name":true,"data":"x"}' },
  { label: 'ids as objects', value: '{"id":{"$gt":""},"ids":[{"$ne":null}],"vendorId":["a"]}' },
  { label: 'numbers as strings', value: '{"limit":"10","priceCents":"100","rating":"5","days":"7"}' },
  { label: 'a field holding 60 KB', value: JSON.stringify({ data: 'x'.repeat(60_000) }) },
];
