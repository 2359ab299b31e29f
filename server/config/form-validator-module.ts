import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import { precompute, type PrecomputedBody } from '../core/http/precompute';
import { createFormAjv } from '../../shared/forms/form-ajv';

/**
 * The browser's validator for a form: Ajv's standalone code for the schema and every sub-schema
 * RJSF validates on its own, bundled into one ES module (`export default` the validator map for
 * RJSF's createPrecompiledValidator). The client imports it from this origin, so form validation
 * needs no `unsafe-eval` in the CSP, and it is the server's Ajv, so both sides always agree.
 */
export async function buildValidatorModule(schema: RJSFSchema): Promise<string> {
  const ajv = createFormAjv({ code: { source: true, lines: false }, schemas: Object.values(schemaParser(schema)) });
  const result = await build({
    stdin: { contents: standaloneCode(ajv), resolveDir: process.cwd(), loader: 'js', sourcefile: 'form-validator.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no validator module');
  return output.text;
}

/** Builds each schema's module once, on first request, for as long as the schema object lives. */
export function createValidatorModules() {
  const cache = new WeakMap<object, Promise<PrecomputedBody>>();
  return (schema: RJSFSchema): Promise<PrecomputedBody> => {
    let entry = cache.get(schema);
    if (!entry) {
      entry = buildValidatorModule(schema).then((code) => precompute(code, 'raw'));
      entry.catch(() => cache.delete(schema));
      cache.set(schema, entry);
    }
    return entry;
  };
}
