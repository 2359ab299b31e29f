import type { FieldError } from '../contracts/problem';

/** The parts of an Ajv error used to describe it (Ajv's ErrorObject, without depending on Ajv). */
export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** The keyword's own schema value (Ajv's `verbose` errors; the client looks it up by schemaPath). */
  schema?: unknown;
}

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

/** A message a vendor understands, for the keywords forms use; Ajv's own text otherwise. */
export function describeAjvError(error: AjvLikeError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'This field is required';
    case 'minimum':
      return `Must be at least ${String(p.limit)}`;
    case 'maximum':
      return `Must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `Must be more than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `Must be less than ${String(p.limit)}`;
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
      return describedBy(error.schema) ?? 'This combination is not allowed';
    case 'enum':
    case 'oneOf':
    case 'const':
      return 'Choose one of the options';
    case 'anyOf':
      return 'Fill in at least one of these fields';
    case 'pattern':
      return 'This does not look right';
    case 'format':
      return p.format === 'seed-url' ? 'Invalid URL' : p.format === 'seed-email' || p.format === 'email' ? 'Invalid email address' : `Must be a valid ${String(p.format)}`;
    case 'additionalProperties':
      return `Unknown field "${String(p.additionalProperty)}"`;
    default:
      return titleCase(error.message ?? 'Invalid value');
  }
}

/** Dotted field path of an Ajv error: `/packages/0/price` → `packages.0.price`; `required` names the missing field. */
export function ajvErrorPath(error: AjvLikeError): string {
  const base = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') base.push(error.params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') base.push(error.params.additionalProperty);
  return base.join('.');
}

/**
 * Ajv errors as `{ path, message }`, one per field (the first error of each field wins), so the
 * server's 400 and the client's inline errors say the same thing.
 */
export function toFieldErrors(errors: readonly AjvLikeError[]): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const error of errors) {
    // oneOf/anyOf over options repeats the branch errors; the summary keyword says it better.
    if (error.keyword === 'if') continue;
    const path = ajvErrorPath(error);
    if (!seen.has(path)) seen.set(path, { path, message: describeAjvError(error) });
  }
  return [...seen.values()];
}
