import type { MountedRoute } from './routes';
import { fieldMutations, GENERIC_FIELDS, unstorableTextBodies, withField } from './field-mutations';
import { fill, HOSTILE_PARAMS, HOSTILE_QUERIES, paramValue } from './paths';
import { seededRandom } from '../../../../scripts/seeded-random';
import { hashSeed, pick } from './sampling';
import type { Labelled } from './tokens';
import type { World } from './world';

/** The kinds of hostile input; every route is sent at least one request of each. */
export const CATEGORIES = [
  'body-shape',
  'fields',
  'nesting',
  'size',
  'content-type',
  'invalid-json',
  'params',
  'query',
  'method',
  'token',
  'signed-link',
  'headers',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Who a request is sent as: the owner's or the member's current bearer, none, or a given Authorization header. */
export type Identity = 'owner' | 'member' | 'none' | { authorization: string };

/** One request of the corpus, with what it tries. */
export interface HostileCase {
  route: MountedRoute;
  category: Category;
  label: string;
  method: string;
  /** The path and query exactly as they go on the wire. */
  path: string;
  identity: Identity;
  headers: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
}

/** What the corpus builds a route's requests from. */
export interface CorpusInput {
  world: World;
  /** Realistic body of a route, by `METHOD pattern` (bodies.ts). */
  bodyOf(key: string): Record<string, unknown> | undefined;
  /** Realistic query of a route, by `METHOD pattern` (bodies.ts): sent with every request of the route but the query category's own. */
  queryOf(key: string): Record<string, string> | undefined;
  /** Every method mounted on each pattern (a wrong method is any other). */
  methodsOf(pattern: string): string[];
  bearers: Labelled[];
  links: Labelled[];
  /** At most this many requests per category and route, the ones every route gets kept first (a deterministic sample of the rest). */
  caps: Record<Category, number>;
  /** A lean walk (PostgreSQL): only `caps` of each category, sampled from all of it, the ones every route gets included. */
  lean: boolean;
  seed: number;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const MB = 1 << 20;

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const text = (value: string | Buffer) => (typeof value === 'string' ? Buffer.from(value) : value);

/** A body of the corpus: JSON text (or not), or raw bytes. */
interface BodyEntry {
  label: string;
  value: string | Buffer;
}

function nested(depth: number, leaf = '1'): string {
  return `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

const MULTIPART_BOUNDARY = 'corpusBoundary7MA4YWxkTrZu0gW';

function multipart(parts: string[], closed = true): Buffer {
  const body = parts.map((part) => `--${MULTIPART_BOUNDARY}\r\n${part}\r\n`).join('') + (closed ? `--${MULTIPART_BOUNDARY}--\r\n` : '');
  return text(body);
}

/** Every request the corpus sends to one route, in a fixed order. */
export function casesFor(route: MountedRoute, input: CorpusInput): HostileCase[] {
  const { world } = input;
  const key = `${route.method} ${route.pattern}`;
  const random = seededRandom(hashSeed(input.seed, key));
  const values = Object.fromEntries(route.params.map((name) => [name, encodeURIComponent(paramValue(world, route.pattern, name))]));
  const path = fill(route.pattern, values);
  const query = input.queryOf(key);
  const queryText = query ? new URLSearchParams(query).toString() : '';
  /** `pathname` with the route's realistic query and `extra` (both as they go on the wire). */
  const at = (pathname: string, extra = '') => {
    const search = [queryText, extra].filter(Boolean).join('&');
    return search ? `${pathname}?${search}` : pathname;
  };
  const target = at(path);
  const realistic = input.bodyOf(key);
  const realisticText = realistic ? JSON.stringify(realistic) : '{}';
  const firstField = realistic ? (Object.keys(realistic)[0] ?? 'data') : 'data';
  const cases: HostileCase[] = [];
  const add = (category: Category, items: Omit<HostileCase, 'route' | 'category' | 'method' | 'path' | 'identity' | 'headers'>[]) => {
    for (const item of items) cases.push({ route, category, method: route.method, path: target, identity: 'owner', headers: { ...JSON_TYPE }, ...item });
  };
  const bodies = (category: Category, list: BodyEntry[]) =>
    add(
      category,
      list.map((entry) => ({ label: entry.label, body: text(entry.value) })),
    );
  const cap = <T>(category: Category, required: T[], optional: T[] = [], always: T[] = []) =>
    pick(required, optional, input.caps[category], random, input.lean, always);

  bodies(
    'body-shape',
    cap('body-shape', [
      { label: '[]', value: '[]' },
      { label: '"x"', value: '"x"' },
      { label: '123', value: '123' },
      { label: 'null', value: 'null' },
      { label: '{}', value: '{}' },
      { label: '__proto__ key', value: '{"__proto__":{"polluted":"yes","isAdmin":true}}' },
      { label: 'constructor.prototype keys', value: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
      { label: 'prototype key', value: '{"prototype":{"polluted":"yes"},"__proto__":[]}' },
      { label: 'array of the realistic body', value: `[${realisticText}]` },
    ]),
  );

  const mutations = realistic ? fieldMutations(realistic) : { required: GENERIC_FIELDS.slice(0, 2), optional: GENERIC_FIELDS.slice(2) };
  // What PostgreSQL cannot store, and bytes that are no text, in every string field: on every store and walk.
  bodies('fields', cap<BodyEntry>('fields', mutations.required, mutations.optional, realistic ? unstorableTextBodies(realistic) : []));

  bodies(
    'nesting',
    cap('nesting', [
      { label: '50 levels', value: nested(50) },
      { label: '50 levels in the first field', value: realistic ? withField(realistic, [firstField], nested(49)) : `{"data":${nested(49)}}` },
      { label: '65 levels (one past the limit)', value: nested(65) },
      { label: '5,000 levels of arrays', value: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
    ]),
  );

  add(
    'size',
    cap('size', [
      { label: 'a 2 MB string field', body: text(`{"${firstField}":"${'x'.repeat(2 * MB)}"}`) },
      { label: 'a body over the JSON limit', body: json({ items: Array.from({ length: 12_000 }, (_, i) => ({ i })) }) },
      { label: 'a 90 KB string field (under the limit)', body: text(`{"${firstField}":"${'y'.repeat(90_000)}"}`) },
      { label: 'a 300 KB body sent chunked, without a length', body: text(`{"${firstField}":"${'z'.repeat(300_000)}"}`), chunked: true },
    ]),
  );

  const contentTypes: { label: string; headers: Record<string, string>; body: Buffer; chunked?: boolean }[] = [
    { label: 'text/plain', headers: { 'Content-Type': 'text/plain' }, body: text(realisticText) },
    {
      label: 'urlencoded',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: text('a=1&b[c]=2&__proto__[polluted]=yes&constructor[prototype][polluted]=yes'),
    },
    {
      label: 'multipart with junk parts',
      headers: { 'Content-Type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
      body: multipart([
        'Content-Disposition: form-data; name="__proto__"\r\n\r\n{"polluted":"yes"}',
        'Content-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\nContent-Type: image/png\r\n\r\n\u0089PNG junk that is no image',
        'Content-Disposition: form-data; name="timeZone"\r\n\r\nNot/AZone',
      ]),
    },
    {
      label: 'multipart without a boundary',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: text('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'),
    },
    {
      label: 'multipart cut short',
      headers: { 'Content-Type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
      body: multipart(['Content-Disposition: form-data; name="file"; filename="a.ics"\r\nContent-Type: text/calendar\r\n\r\nBEGIN:VCALENDAR'], false),
    },
    {
      label: 'multipart with three files',
      headers: { 'Content-Type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
      body: multipart(
        ['a', 'b', 'c'].map(
          (name) => `Content-Disposition: form-data; name="file"; filename="${name}.ics"\r\nContent-Type: text/calendar\r\n\r\nBEGIN:VCALENDAR`,
        ),
      ),
    },
    {
      label: 'application/xml',
      headers: { 'Content-Type': 'application/xml' },
      body: text('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'),
    },
    { label: 'no Content-Type', headers: {}, body: text(realisticText) },
    { label: 'JSON in UTF-16', headers: { 'Content-Type': 'application/json; charset=utf-16' }, body: Buffer.from(realisticText, 'utf16le') },
    { label: 'JSON gzip that is not gzip', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: text(realisticText) },
    { label: 'JSON in an unknown encoding', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' }, body: text(realisticText) },
    { label: 'vnd+json', headers: { 'Content-Type': 'application/vnd.api+json' }, body: text(realisticText) },
    { label: 'chunked without a type', headers: {}, body: text(realisticText), chunked: true },
    { label: 'a huge Content-Type', headers: { 'Content-Type': `application/json; ${'p=1; '.repeat(1_500)}` }, body: text(realisticText) },
  ];
  for (const entry of cap('content-type', contentTypes.slice(0, 5), contentTypes.slice(5))) {
    cases.push({ route, category: 'content-type', method: route.method, path: target, identity: 'owner', ...entry });
  }

  bodies(
    'invalid-json',
    cap(
      'invalid-json',
      [
        { label: 'unclosed', value: '{' },
        { label: 'missing value', value: '{"a":}' },
        { label: 'trailing garbage', value: `${realisticText}garbage` },
        { label: 'single quotes', value: "{'a':1}" },
      ],
      [
        { label: 'byte-order mark', value: `\ufeff${realisticText}` },
        { label: 'two documents', value: `${realisticText}${realisticText}` },
        { label: 'NaN', value: '{"a":NaN}' },
        { label: 'unterminated string', value: '{"a":"abc' },
        { label: 'control character in a string', value: '{"a":"a\u0001b"}' },
        { label: 'duplicate keys', value: realistic ? `{"${firstField}":{},${realisticText.slice(1)}` : '{"a":1,"a":{}}' },
        { label: 'invalid UTF-8', value: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]) },
      ],
    ),
  );

  const bodyForPath = text(realisticText);
  /** A request of `category` as the owner with the realistic body (or `{}`), but for what `overrides` changes. */
  const request = (category: Category, label: string, overrides: Partial<HostileCase> = {}): HostileCase => ({
    route,
    category,
    label,
    method: route.method,
    path: target,
    identity: 'owner',
    headers: { ...JSON_TYPE },
    body: bodyForPath,
    ...overrides,
  });

  const paramCases: Labelled[] = [];
  const optionalParams: Labelled[] = [];
  const nulParams: Labelled[] = [];
  for (const name of route.params) {
    HOSTILE_PARAMS.forEach((hostile, index) => {
      const entry = { label: `${name} = ${hostile.label}`, value: at(fill(route.pattern, { ...values, [name]: hostile.value })) };
      if (hostile.label === 'NUL byte') nulParams.push(entry);
      else (index < 8 ? paramCases : optionalParams).push(entry);
    });
    const other = Object.entries(values).find(([otherName]) => otherName !== name);
    if (other) optionalParams.push({ label: `${name} = the other parameter's value`, value: at(fill(route.pattern, { ...values, [name]: other[1] })) });
  }
  if (route.params.length === 0) {
    paramCases.push({ label: 'traversal after the path', value: at(`${path}/../../etc/passwd`) });
    paramCases.push({ label: 'escaped traversal after the path', value: at(`${path}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`) });
    paramCases.push({ label: 'NUL byte in the path', value: at(`${path}%00`) });
    paramCases.push({ label: 'double slashes', value: at(`/${path.replace(/\//g, '//')}`) });
  }
  for (const entry of cap('params', paramCases, optionalParams, nulParams)) cases.push(request('params', entry.label, { path: entry.value }));

  // The route's own query changed one parameter at a time (every one gets a NUL, on every walk, and an array), then the generic ones beside it.
  const queryNul: Labelled[] = [];
  const queryRequired: Labelled[] = [];
  const queryOptional: Labelled[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    const others = Object.entries(query ?? {}).filter(([other]) => other !== name);
    const search = (...pairs: [string, string][]) => new URLSearchParams([...others, ...pairs]).toString();
    queryNul.push({ label: `${name} with a NUL byte`, value: search([name, `${value}\u0000`]) });
    queryRequired.push({ label: `${name} as an array`, value: search([`${name}[]`, value], [`${name}[]`, value]) });
    queryOptional.push({ label: `${name} as an object`, value: search([`${name}[a]`, value]) });
    queryOptional.push({ label: `${name} empty`, value: search([name, '']) });
    queryOptional.push({ label: `${name} of 5,000 characters`, value: search([name, 'q'.repeat(5_000)]) });
    queryOptional.push({ label: `${name} left out`, value: search() });
    queryOptional.push({ label: `${name} twice`, value: search([name, value], [name, `${value}x`]) });
  }
  const generic = HOSTILE_QUERIES.map((entry) => ({ label: entry.label, value: [queryText, entry.value].filter(Boolean).join('&') }));
  for (const entry of cap(
    'query',
    [...queryRequired, ...generic.slice(1, 5)],
    [...queryOptional, ...generic.slice(5)],
    [...queryNul, ...generic.slice(0, 1)],
  )) {
    cases.push(request('query', entry.label, { path: `${path}?${entry.value}` }));
  }

  const mounted = new Set(input.methodsOf(route.pattern));
  if (mounted.has('GET')) mounted.add('HEAD');
  const wrongMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'].filter((method) => !mounted.has(method));
  for (const method of cap('method', wrongMethods.slice(0, 3), wrongMethods.slice(3))) {
    cases.push(request('method', `${method} on a ${input.methodsOf(route.pattern).join('/')} route`, { method, body: text('{}') }));
  }

  const identities: { label: string; identity: Identity }[] = [
    { label: 'no Authorization', identity: 'none' },
    { label: 'a team member', identity: 'member' },
    ...input.bearers.map((bearer) => ({ label: bearer.label, identity: { authorization: bearer.value } })),
  ];
  for (const chosen of cap('token', identities.slice(0, 6), identities.slice(6))) cases.push(request('token', chosen.label, { identity: chosen.identity }));

  // Every route reads a cursor or ignores it: one signed for another purpose, one changed.
  const links: HostileCase[] = [
    request('signed-link', 'cursor: the couple’s request link', { path: at(path, `cursor=${encodeURIComponent(world.quoted.token)}`) }),
    request('signed-link', 'cursor: changed', { path: at(path, `cursor=${encodeURIComponent(`${world.quoted.token.split('.')[0]}.${'A'.repeat(32)}`)}`) }),
  ];
  for (const name of route.params.filter((param) => param === 'token' || param === 'file')) {
    for (const link of input.links) {
      links.push(request('signed-link', `${name}: ${link.label}`, { path: at(fill(route.pattern, { ...values, [name]: encodeURIComponent(link.value) })) }));
    }
  }
  for (const field of realistic ? Object.keys(realistic).filter((name) => /token/i.test(name)) : []) {
    for (const link of input.links) {
      links.push(request('signed-link', `body ${field}: ${link.label}`, { body: text(withField(realistic ?? {}, [field], JSON.stringify(link.value))) }));
    }
  }
  cases.push(...cap('signed-link', links.slice(0, 4), links.slice(4)));

  const headerCases: { label: string; headers: Record<string, string> }[] = [
    { label: 'a fresh Idempotency-Key', headers: { 'Idempotency-Key': `corpus-${hashSeed(input.seed, `${key} idempotency`).toString(36)}` } },
    { label: 'Idempotency-Key of 300 characters', headers: { 'Idempotency-Key': 'k'.repeat(300) } },
    { label: 'If-None-Match junk', headers: { 'If-None-Match': `W/"${'x'.repeat(4_000)}", *, "` } },
    { label: 'X-Forwarded-For junk', headers: { 'X-Forwarded-For': 'not-an-address, 999.1.1.1, ::ffff:zz' } },
    { label: 'Idempotency-Key of Latin-1 letters', headers: { 'Idempotency-Key': '\u00ff\u00fekey' } },
    { label: 'Last-Event-ID junk', headers: { 'Last-Event-ID': '-1e309' } },
    { label: 'Accept HTML', headers: { Accept: 'text/html' } },
    { label: 'Range junk', headers: { Range: 'bytes=99999999999-1,-' } },
    { label: 'Refresh-Retry-Key junk', headers: { 'Refresh-Retry-Key': '\u00ff'.repeat(300) } },
    { label: 'Cookie junk', headers: { Cookie: `__proto__=x; a=%E0%A4%A; ${'c=1; '.repeat(500)}` } },
  ];
  for (const chosen of cap('headers', headerCases.slice(0, 4), headerCases.slice(4))) {
    cases.push(request('headers', chosen.label, { headers: { ...JSON_TYPE, ...chosen.headers } }));
  }
  return cases;
}
