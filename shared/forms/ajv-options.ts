import { isValidEmail } from '../validators/email';
import { isValidUrl } from '../validators/url';

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

/** Custom `format` keywords forms may use: the seed's validators (seed-spec §5). */
export const FORM_FORMATS = {
  'seed-email': (value: string) => isValidEmail(value),
  'seed-url': (value: string) => isValidUrl(value),
} satisfies Record<string, (value: string) => boolean>;
