import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { expect } from 'vitest';
import type { TestContext } from '../../support/api/test-app';
import { agent } from '../../support/api/http';
import type { FormPayloadBody } from '../../support/api/forms';

/** Helpers that load a form's validator module the way the browser does (not a test file). */

/** Imports ES module source text from a temp `.mjs` file and returns its namespace. */
export async function importModuleText(source: string): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'form-validator-'));
  try {
    const file = path.join(dir, 'validator.mjs');
    await writeFile(file, source);
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** GETs a served form's validator module and returns its source. */
export async function fetchValidatorSource(ctx: TestContext, payload: FormPayloadBody): Promise<string> {
  expect(payload.validator, `form ${payload.id} has no validator URL`).toEqual(expect.any(String));
  const res = await agent(ctx).get(payload.validator ?? '');
  expect(res.status).toBe(200);
  return res.text;
}

/** RJSF's precompiled validator over the module the server serves for this form. */
export async function loadValidator(ctx: TestContext, payload: FormPayloadBody): Promise<ValidatorType> {
  const module = await importModuleText(await fetchValidatorSource(ctx, payload));
  return createPrecompiledValidator(module.default as ValidatorFunctions, payload.schema as RJSFSchema);
}
