import { expect } from 'vitest';
import type { TestContext } from './test-app';
import { VENDOR_TYPE } from '../vendor-types';
import { agent, type SessionBody, type VendorBody } from './http';

/** The forms API as tests call it: served forms, saved data, onboarding, and valid sample answers built from a form's schema. */

/** The parts of a JSON schema the sample builder reads. */
export interface JsonSchemaLike {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchemaLike>;
  items?: JsonSchemaLike;
  enum?: unknown[];
  oneOf?: { const?: unknown }[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  format?: string;
  pattern?: string;
  default?: unknown;
}

/** `GET /api/config/forms/:formId`. */
export interface FormPayloadBody {
  id: string;
  version: number;
  title?: string;
  schema: JsonSchemaLike & Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  validator?: string;
}

/** `GET /api/vendor/forms/:formId`. */
export interface FormDataBody {
  data: Record<string, unknown> | null;
  version: number;
  formVersion: number;
  status: 'not-started' | 'complete' | 'needs-review';
  errors: { path: string; message: string }[];
}

/** One entry of `GET /api/vendor/forms`. */
export interface FormListEntry {
  id: string;
  title: string;
  path: string;
  category: string | null;
  version: number;
  savedVersion: number | null;
  updatedAt: number | null;
  status: 'not-started' | 'complete' | 'needs-review';
  errors: { path: string; message: string }[];
}

/** A valid onboarding submission; `vendor_type_ids` defaults to catering. */
export function onboardingData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    business_name: 'Golden Fork Events',
    vendor_type_ids: [VENDOR_TYPE.catering],
    contact_phone: '+1 (512) 555-0147',
    website: 'https://goldenfork.example.com',
    city: 'Austin, TX',
    service_radius_miles: 75,
    ...overrides,
  };
}

export function putForm(ctx: TestContext, token: string, formId: string, body: unknown) {
  return agent(ctx)
    .put(`/api/vendor/forms/${formId}`)
    .set('Authorization', `Bearer ${token}`)
    .send(body as object);
}

export function getForm(ctx: TestContext, token: string, formId: string) {
  return agent(ctx).get(`/api/vendor/forms/${formId}`).set('Authorization', `Bearer ${token}`);
}

export async function listForms(ctx: TestContext, token: string): Promise<FormListEntry[]> {
  const res = await agent(ctx).get('/api/vendor/forms').set('Authorization', `Bearer ${token}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: FormListEntry[] }).data;
}

/** The signed-in vendor's record, as `GET /api/vendor/me` returns it. */
export async function currentVendor(ctx: TestContext, token: string): Promise<VendorBody> {
  const res = await agent(ctx).get('/api/vendor/me').set('Authorization', `Bearer ${token}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: VendorBody }).data;
}

/** Where the guard finally sends this vendor record for `path` (`redirect` null: allowed). */
export async function navigation(ctx: TestContext, vendor: VendorBody | null, path = '/dashboard'): Promise<{ redirect: string | null; rule: string | null }> {
  const res = await agent(ctx).post('/api/config/navigation').send({ path, vendor });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { redirect: string | null; rule: string | null };
}

/** Where the guard sends the signed-in vendor now (reads `/api/vendor/me` first, as the client does). */
export async function navigationFor(ctx: TestContext, token: string, path = '/dashboard') {
  return navigation(ctx, await currentVendor(ctx, token), path);
}

export async function formPayload(ctx: TestContext, formId: string): Promise<FormPayloadBody> {
  const res = await agent(ctx).get(`/api/config/forms/${formId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FormPayloadBody;
}

/** Saves the onboarding form with valid data and returns the vendor record of the answer. */
export async function onboard(ctx: TestContext, session: SessionBody, overrides: Record<string, unknown> = {}): Promise<VendorBody> {
  const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: VendorBody }).data;
}

/** The form_data rows stored for a business, as `{ form_id, version, data }`. */
export async function storedForms(ctx: TestContext, vendorId: string): Promise<{ form_id: string; version: number; data: unknown }[]> {
  const rows = await ctx.database.db
    .selectFrom('form_data')
    .select(['form_id', 'version', 'data'])
    .where('vendor_id', '=', vendorId)
    .orderBy('form_id')
    .execute();
  return rows.map((row) => ({ form_id: row.form_id, version: Number(row.version), data: JSON.parse(row.data) as unknown }));
}

const SAMPLE_TEXT = 'Thank you for your request, we will reply with a detailed quote within a day.';

function sampleNumber(schema: JsonSchemaLike): number {
  const min = schema.minimum ?? 0;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return Math.min(max, Math.max(min, 10));
}

function sampleString(schema: JsonSchemaLike): string {
  if (schema.enum) return String(schema.enum[0]);
  if (schema.pattern) throw new Error(`no sample for pattern ${schema.pattern}`);
  if (schema.format === 'seed-url') return 'https://example.com';
  if (schema.format === 'seed-email') return 'hello@example.com';
  if (schema.format === 'instagram-handle') return '@example';
  if (schema.format === 'single-line') return SAMPLE_TEXT.slice(0, schema.maxLength ?? SAMPLE_TEXT.length);
  // Plain text is a valid merge template (no braces at all).
  if (schema.format === 'merge-template') return SAMPLE_TEXT.slice(0, schema.maxLength ?? SAMPLE_TEXT.length);
  if (schema.format) throw new Error(`no sample for format ${schema.format}`);
  const text = SAMPLE_TEXT.slice(0, schema.maxLength ?? SAMPLE_TEXT.length);
  if (text.length < (schema.minLength ?? 0)) throw new Error(`no sample for minLength ${schema.minLength}`);
  return text;
}

/**
 * Data that satisfies a form's JSON schema, built from the schema itself: every property filled
 * (so an `anyOf` of `required` branches holds too) with a value inside its bounds, and every
 * option of a list ticked (so a price is never for a service left out).
 */
export function validSample(schema: JsonSchemaLike): unknown {
  if (schema.oneOf?.[0] && 'const' in schema.oneOf[0]) return schema.oneOf[0].const;
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, validSample(property)]));
    case 'array': {
      const options = schema.items?.enum;
      if (options && schema.uniqueItems) return options.slice(0, schema.maxItems ?? options.length);
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => validSample(schema.items ?? {}));
    }
    case 'integer':
      return Math.round(sampleNumber(schema));
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema);
    default:
      throw new Error(`no sample for schema type ${String(schema.type)}`);
  }
}

/** Valid data for a served form, built from `GET /api/config/forms/:formId`. */
export async function validDataFor(ctx: TestContext, formId: string): Promise<Record<string, unknown>> {
  const { schema } = await formPayload(ctx, formId);
  return validSample(schema) as Record<string, unknown>;
}
