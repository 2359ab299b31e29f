import { EMAIL_PATTERN } from '../validators/email';
import { URL_PATTERN } from '../validators/url';

/**
 * Ajv options for validating form data, identical on client (RJSF's validator) and server,
 * so a submission the browser accepts is one the server accepts. Matches RJSF's defaults.
 */
export const FORM_AJV_OPTIONS = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
} as const;

/**
 * Custom `format` keywords forms may use: the seed's validators (seed-spec §5). Patterns, not
 * functions, so precompiled (standalone) validators can carry them.
 */
export const FORM_FORMATS = {
  'seed-email': EMAIL_PATTERN,
  'seed-url': URL_PATTERN,
} satisfies Record<string, RegExp>;
