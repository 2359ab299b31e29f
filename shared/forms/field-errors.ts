import type { FieldError } from '../contracts/problem';
import { INSTAGRAM_HANDLE_MESSAGE } from '../validators/instagram-handle';
import { INVALID_URL_MESSAGE } from '../validators/url';
import { MERGE_TEMPLATE_MESSAGE } from './merge-fields';
import { PLACE_MESSAGE } from '../places/place-pattern';
import { SINGLE_LINE_MESSAGE } from '../validators/single-line';

/** The parts of an Ajv error used to describe it (Ajv's ErrorObject, without depending on Ajv). */
export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** The keyword's own schema value (Ajv's `verbose` errors; the client looks it up by schemaPath). */
  schema?: unknown;
  /** Where the keyword is in the form's schema (`#/properties/max_guests/minimum`). */
  schemaPath?: string;
}

/** The annotation that words a rule JSON Schema cannot (a field forbidden by `if`/`then`, a `not`), on the rule's schema or one enclosing it. */
export const MESSAGE_KEYWORD = 'x-message';

/** The schema node at a JSON pointer like `#/properties/a` (Ajv's schemaPath), or undefined. */
export function schemaAt(root: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      root,
    );
}

/** The `x-message` of the rule at `schemaPath` or of the nearest schema enclosing it. */
function enclosingMessage(root: unknown, schemaPath: string | undefined): string | null {
  if (!root || !schemaPath) return null;
  const parts = schemaPath.split('/');
  for (let end = parts.length; end >= 1; end -= 1) {
    const node = schemaAt(root, parts.slice(0, end).join('/'));
    const message = node && typeof node === 'object' ? (node as Record<string, unknown>)[MESSAGE_KEYWORD] : undefined;
    if (typeof message === 'string') return message;
  }
  return null;
}

/**
 * "the minimum guests" for a limit taken from another field with Ajv's `$data` (`{ "$data":
 * "1/min_guests" }`: a field beside this one), from that field's title without its unit.
 */
function limitFieldName(root: unknown, error: AjvLikeError): string | null {
  const pointer = error.schema && typeof error.schema === 'object' ? (error.schema as { $data?: unknown }).$data : undefined;
  const sibling = typeof pointer === 'string' ? /^1\/([^/]+)$/.exec(pointer)?.[1] : undefined;
  if (!sibling || !root || !error.schemaPath) return null;
  // `#/…/properties/<this field>/<keyword>`, possibly under `allOf/<n>`: the object holding both fields.
  const path = error.schemaPath.replace(/\/(?:allOf\/\d+\/)?[^/]+$/, '').replace(/\/properties\/[^/]+$/, '');
  const object = schemaAt(root, path) as { properties?: Record<string, { title?: unknown }> } | undefined;
  const title = object?.properties?.[sibling]?.title;
  return typeof title === 'string' ? `the ${title.replace(/\s*\([^)]*\)\s*$/, '').toLowerCase()}` : null;
}

const FORMAT_MESSAGES: Record<string, string> = {
  'seed-url': INVALID_URL_MESSAGE,
  'seed-email': 'Invalid email address',
  email: 'Invalid email address',
  'instagram-handle': INSTAGRAM_HANDLE_MESSAGE,
  'merge-template': MERGE_TEMPLATE_MESSAGE,
  'us-place': PLACE_MESSAGE,
  'single-line': SINGLE_LINE_MESSAGE,
};

const TYPE_MESSAGES: Record<string, string> = {
  integer: 'Enter a whole number',
  number: 'Enter a number',
  string: 'Enter text',
  array: 'Choose from the options',
  boolean: 'Choose yes or no',
  object: 'Fill in this section',
};

/** A schema's own `description`, used as the message of a rule JSON Schema cannot word (e.g. `not`). */
function describedBy(schema: unknown): string | null {
  return schema && typeof schema === 'object' && typeof (schema as { description?: unknown }).description === 'string'
    ? (schema as { description: string }).description
    : null;
}

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A message a vendor understands, for the keywords forms use; Ajv's own text otherwise. `root`
 * is the form's schema: a limit taken from another field is named after it, and a rule worded
 * by an `x-message` finds it there.
 */
export function describeAjvError(error: AjvLikeError, root?: unknown): string {
  // A rule written as if/then words itself: whatever keyword failed inside it, its x-message says why.
  const rule = error.schemaPath && /\/(?:then|else)\//.test(error.schemaPath) ? enclosingMessage(root, error.schemaPath) : null;
  if (rule) return rule;
  const p = error.params;
  const other = limitFieldName(root, error);
  const limit = other ? `${String(p.limit)} (${other})` : String(p.limit);
  switch (error.keyword) {
    case 'required':
      return 'This field is required';
    case 'minimum':
      return `Must be at least ${limit}`;
    case 'maximum':
      return `Must be at most ${limit}`;
    case 'exclusiveMinimum':
      return `Must be more than ${limit}`;
    case 'exclusiveMaximum':
      return `Must be less than ${limit}`;
    case 'multipleOf':
      return p.multipleOf === 0.01 ? 'Use at most two decimals (whole cents)' : `Must be a multiple of ${String(p.multipleOf)}`;
    case 'false schema':
      return enclosingMessage(root, error.schemaPath) ?? 'This does not apply with your other answers; clear it';
    case 'minLength':
      return Number(p.limit) === 1 ? 'This field is required' : `Use at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `Use at most ${String(p.limit)} characters`;
    case 'minItems':
      return Number(p.limit) === 1 ? 'Choose at least one' : `Choose at least ${String(p.limit)}`;
    case 'maxItems':
      return `Choose at most ${String(p.limit)}`;
    case 'uniqueItems':
      return 'Each choice can appear only once';
    case 'type':
      return TYPE_MESSAGES[String(p.type)] ?? `Must be ${String(p.type)}`;
    case 'not':
      return describedBy(error.schema) ?? enclosingMessage(root, error.schemaPath) ?? 'This combination is not allowed';
    case 'enum':
    case 'oneOf':
    case 'const':
      return 'Choose one of the options';
    case 'anyOf':
      return 'Fill in at least one of these fields';
    case 'pattern':
      return 'This does not look right';
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? `Must be a valid ${String(p.format)}`;
    case 'additionalProperties':
      return `Unknown field "${String(p.additionalProperty)}"`;
    default:
      return titleCase(error.message ?? 'Invalid value');
  }
}

/** Dotted field path of an Ajv error: `/packages/0/price` → `packages.0.price`; `required` names the missing field. */
export function ajvErrorPath(error: AjvLikeError): string {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') base.push(error.params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') base.push(error.params.additionalProperty);
  return base.join('.');
}

const COMPARISONS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/**
 * Whether an error says something about its own field. A limit taken from another field that
 * holds no number ("fifty" as the minimum guests) makes Ajv fail the comparison too; that other
 * field's own error is the one to read.
 */
export function isReportable(error: AjvLikeError): boolean {
  return !(COMPARISONS.has(error.keyword) && typeof error.params.limit !== 'number');
}

/**
 * Ajv errors as `{ path, message }`, one per field (the first error of each field wins), so the
 * server's 400 and the client's inline errors say the same thing. `root` is the form's schema.
 */
export function toFieldErrors(errors: readonly AjvLikeError[], root?: unknown): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const error of errors) {
    // oneOf/anyOf over options repeats the branch errors; the summary keyword says it better.
    if (error.keyword === 'if' || !isReportable(error)) continue;
    const path = ajvErrorPath(error);
    if (!seen.has(path)) seen.set(path, { path, message: describeAjvError(error, root) });
  }
  return [...seen.values()];
}
