import { createHash } from 'node:crypto';
import type { Labelled } from './tokens';
import type { World } from './world';

/** A deterministic id standing for "some other thing" in a param. */
function stableUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The real value of a path parameter, so every other part of a request meets the checks behind the first. */
export function paramValue(world: World, pattern: string, name: string): string {
  const rules: [RegExp, string, string][] = [
    [/^\/api\/quotes\/:id/, 'id', world.potentialQuoteId],
    [/\/review$/, 'token', world.completed.token],
    [/\/review$/, 'quoteId', world.completed.quoteId],
    [/^\/api\/public\/requests\//, 'token', world.quoted.token],
    [/^\/api\/public\/requests\//, 'quoteId', world.quoted.quoteId],
    [/^\/api\/team\/invitations\//, 'id', world.invitation.id],
    [/^\/api\/team\/members\//, 'id', world.member.vendor.id],
    [/^\/api\/invitations\//, 'token', world.invitation.token],
    [/^\/api\/message-snippets\//, 'id', world.snippetId],
    [/^\/api\/quote-templates\//, 'id', world.templateId],
    [/^\/api\/blackout-dates\//, 'id', world.blackoutId],
    [/^\/api\/billing\/invoices\//, 'id', world.invoiceId],
    [/^\/api\/reviews\//, 'id', world.reviewId],
    [/^\/api\/calendar\//, 'file', world.calendarFile],
    [/^\/api\/public\/vendors\//, 'adminId', world.owner.vendor.vendor_id],
    [/^\/api\/vendor\/services\//, 'categoryId', String(world.categoryId)],
    [/forms\//, 'formId', 'new-user-step-1'],
    [/^\/api\/media\//, 'name', 'corpus.webp'],
  ];
  const rule = rules.find(([path, param]) => path.test(pattern) && param === name);
  return rule ? rule[2] : stableUuid(`${pattern}:${name}`);
}

/** `pattern` with each `:name` replaced by its value (as it goes on the wire). */
export function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_all, name: string) => values[name] ?? '');
}

/** Values a parameter should never be taken for, as they go on the wire. */
export const HOSTILE_PARAMS: Labelled[] = [
  { label: 'traversal', value: '../../etc/passwd' },
  { label: 'escaped traversal', value: encodeURIComponent('../../etc/passwd') },
  { label: '%2e%2e%2f', value: '%2e%2e%2f%2e%2e%2fetc%2fpasswd' },
  { label: 'long id', value: 'a'.repeat(6_000) },
  { label: 'zero', value: '0' },
  { label: 'minus one', value: '-1' },
  { label: 'unicode', value: encodeURIComponent('üñí©ødé-🎉-漢字') },
  { label: 'NUL byte', value: 'abc%00def' },
  { label: 'broken escape', value: '%E0%A4%A' },
  { label: 'lone percent', value: '%' },
  { label: 'dot', value: '.' },
  { label: 'dot dot', value: '..' },
  { label: 'SQL', value: encodeURIComponent("' OR '1'='1' --") },
  { label: 'markup', value: encodeURIComponent('<script>alert(1)</script>') },
  { label: 'template', value: encodeURIComponent('${7*7}{{7*7}}') },
  { label: '__proto__', value: '__proto__' },
  { label: 'constructor', value: 'constructor' },
  { label: 'space', value: '%20' },
  { label: 'a huge number', value: '99999999999999999999999999' },
  { label: 'lone surrogate', value: '%ED%A0%80' },
];

/** Query strings no route should read as data. */
export const HOSTILE_QUERIES: Labelled[] = [
  {
    label: 'NUL bytes in the common parameters',
    value: 'q=peonies%00&status=quoted%00&category=florist%00&place=Austin%00&location=Austin%00&to=a%00%40example.com&planId=starter%00&sort=%00',
  },
  { label: 'nested object', value: 'a[b]=1&status[c][d]=2' },
  { label: 'repeated limit', value: 'limit=-5&limit=9' },
  { label: 'array status', value: 'status[]=quoted&status[]=booked' },
  { label: '__proto__', value: '__proto__[polluted]=yes&constructor[prototype][polluted]=yes' },
  { label: 'wrong types', value: 'limit=abc&days=1e309&rating=-1&cursor=&sort=%00' },
  { label: 'huge value', value: `q=${'x'.repeat(8_000)}` },
  { label: 'broken escapes', value: '%zz=1&a=%E0%A4%A' },
  { label: 'deep brackets', value: `${'a'.concat('[a]'.repeat(40))}=1` },
  { label: 'many parameters', value: Array.from({ length: 1_200 }, (_, i) => `p${i}=${i}`).join('&') },
  { label: 'traversal', value: `to=${encodeURIComponent('../../etc/passwd')}&planId=..%2F..` },
];
