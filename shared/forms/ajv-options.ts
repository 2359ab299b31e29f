import { EMAIL_PATTERN } from '../validators/email';
import { INSTAGRAM_HANDLE_PATTERN } from '../validators/instagram-handle';
import { URL_PATTERN } from '../validators/url';
import { MERGE_TEMPLATE_PATTERN } from './merge-fields';
import { PLACE_PATTERN } from '../places/place-pattern';
import { SINGLE_LINE_PATTERN } from '../validators/single-line';

/**
 * Ajv options for validating form data, identical on client (RJSF's validator) and server,
 * so a submission the browser accepts is one the server accepts. RJSF's defaults, plus `$data`:
 * a limit may be another field's value (`"minimum": { "$data": "1/min_guests" }`).
 */
export const FORM_AJV_OPTIONS = {
  $data: true,
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
} as const;

/**
 * Custom `format` keywords forms may use: the seed's validators (docs/specification.md §5), an
 * Instagram handle, an auto-response's text with its merge fields, a US place (the server
 * also checks that the place exists), and a name on one line (no line breaks or control characters). Patterns, not functions, so precompiled (standalone) validators can carry them.
 */
export const FORM_FORMATS = {
  'seed-email': EMAIL_PATTERN,
  'seed-url': URL_PATTERN,
  'instagram-handle': INSTAGRAM_HANDLE_PATTERN,
  'merge-template': MERGE_TEMPLATE_PATTERN,
  'us-place': PLACE_PATTERN,
  'single-line': SINGLE_LINE_PATTERN,
} satisfies Record<string, RegExp>;
