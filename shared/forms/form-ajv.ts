import { RJSF_ADDITIONAL_PROPERTIES_FLAG } from '@rjsf/utils';
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { FORM_AJV_OPTIONS, FORM_FORMATS } from './ajv-options';
import { MESSAGE_KEYWORD } from './field-errors';

// The formats RJSF's validator adds to every instance (@rjsf/validator-ajv8 createAjvInstance).
const DATA_URL = /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/;
const COLOR =
  /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/;

/**
 * An Ajv instance built exactly as RJSF's validator builds its own (options, standard formats,
 * RJSF's formats and keyword) plus the seed's formats: what the server validates with and what
 * the client's precompiled validators are generated from, so both sides always agree.
 */
export function createFormAjv(extra: Options = {}): Ajv {
  return addFormVocabulary(new Ajv({ ...FORM_AJV_OPTIONS, ...extra }));
}

/**
 * The formats and keywords a form schema may use, added to any Ajv (the schema linter's too):
 * RJSF's, the seed's formats, and `x-message`, the annotation that words a rule (field-errors.ts).
 */
export function addFormVocabulary<A extends Ajv>(ajv: A): A {
  addFormats(ajv);
  ajv.addFormat('data-url', DATA_URL);
  ajv.addFormat('color', COLOR);
  ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG);
  ajv.addKeyword({ keyword: MESSAGE_KEYWORD, schemaType: 'string' });
  for (const [name, pattern] of Object.entries(FORM_FORMATS)) ajv.addFormat(name, pattern);
  return ajv;
}
