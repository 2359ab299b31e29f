import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { copySchemas, type SchemaCopy } from '../../support/schemas';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { registerVendor, type SessionBody } from '../../support/api/http';
import { nextEvent, replaceJson } from '../../support/api/config-service';
import { formPayload, getForm, listForms, navigationFor, onboard, putForm, storedForms, validDataFor, type FormDataBody } from '../../support/api/forms';
import { loadValidator } from './validator-module';
import { VENDOR_TYPE } from '../../support/vendor-types';

interface CategoryFileJson {
  settings: { version: number; schema: { required: string[]; properties: Record<string, Record<string, unknown>> } };
}

describe.each(TEST_DATABASES)('form schema versions on %s', (kind) => {
  const copies: SchemaCopy[] = [];
  const contexts: TestContext[] = [];

  afterEach(async () => {
    for (const ctx of contexts.splice(0)) await ctx.close();
    await Promise.all(copies.splice(0).map((copy) => copy.remove()));
  });

  /** A watching app over a private copy of `schemas/`, and a caterer who saved catering settings (price per head 30). */
  async function caterWithSavedSettings() {
    const copy = await copySchemas();
    copies.push(copy);
    // The story starts at version 1, whatever version the real file has reached.
    const catering = (await copy.read('categories/catering.json')) as CategoryFileJson;
    catering.settings.version = 1;
    await replaceJson(copy.dir, 'categories/catering.json', catering);
    const ctx = await createTestContext({ database: kind, schemasDir: copy.dir, watch: true });
    contexts.push(ctx);
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.catering] });
    const saved = { ...(await validDataFor(ctx, 'update-catering-settings')), price_per_head: 30 };
    const res = await putForm(ctx, session.accessToken, 'update-catering-settings', saved);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { copy, ctx, session, saved };
  }

  /** Edits the catering file as an operator would (one atomic write) and waits for the hot reload. */
  async function editCatering(ctx: TestContext, copy: SchemaCopy, edit: (file: CategoryFileJson) => void): Promise<void> {
    const file = (await copy.read('categories/catering.json')) as CategoryFileJson;
    edit(file);
    const reloaded = nextEvent(ctx.store, 'reload');
    await replaceJson(copy.dir, 'categories/catering.json', file);
    await reloaded;
  }

  async function cateringForm(ctx: TestContext, session: SessionBody): Promise<FormDataBody> {
    const res = await getForm(ctx, session.accessToken, 'update-catering-settings');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as FormDataBody;
  }

  it('when saved settings still fit, then the form is complete with version 1 and formVersion 1', async () => {
    const { ctx, session, saved } = await caterWithSavedSettings();

    expect(await cateringForm(ctx, session)).toEqual({ data: saved, version: 1, formVersion: 1, status: 'complete', errors: [] });
  });

  it('when the operator raises price_per_head above the saved value in version 2, then the form needs review naming price_per_head', async () => {
    const { copy, ctx, session, saved } = await caterWithSavedSettings();

    await editCatering(ctx, copy, (file) => {
      file.settings.version = 2;
      file.settings.schema.properties.price_per_head!.minimum = 50;
    });

    const form = await cateringForm(ctx, session);
    expect(form).toEqual({
      data: saved,
      version: 1,
      formVersion: 2,
      status: 'needs-review',
      errors: [{ path: 'price_per_head', message: 'Must be at least 50' }],
    });
  });

  it('when the operator adds a required field in version 2, then the form needs review naming the new field', async () => {
    const { copy, ctx, session, saved } = await caterWithSavedSettings();

    await editCatering(ctx, copy, (file) => {
      file.settings.version = 2;
      file.settings.schema.properties.deposit_percent = { type: 'integer', title: 'Deposit (%)', minimum: 0, maximum: 100 };
      file.settings.schema.required.push('deposit_percent');
    });

    const form = await cateringForm(ctx, session);
    expect(form).toMatchObject({ data: saved, version: 1, formVersion: 2, status: 'needs-review' });
    expect(form.errors).toEqual([{ path: 'deposit_percent', message: 'This field is required' }]);
  });

  it('when a form needs review, then GET /api/vendor/forms lists it as needs-review with its errors and both versions', async () => {
    const { copy, ctx, session } = await caterWithSavedSettings();

    await editCatering(ctx, copy, (file) => {
      file.settings.version = 2;
      file.settings.schema.properties.price_per_head!.minimum = 50;
    });

    const entry = (await listForms(ctx, session.accessToken)).find((f) => f.id === 'update-catering-settings');
    expect(entry).toMatchObject({
      status: 'needs-review',
      version: 2,
      savedVersion: 1,
      errors: [{ path: 'price_per_head', message: 'Must be at least 50' }],
    });
    expect((await listForms(ctx, session.accessToken)).find((f) => f.id === 'new-user-step-1')?.status).toBe('complete');
  });

  it('when a form needs review, then the stored data and its version are left exactly as saved and the guard fields stay', async () => {
    const { copy, ctx, session, saved } = await caterWithSavedSettings();

    await editCatering(ctx, copy, (file) => {
      file.settings.version = 2;
      file.settings.schema.properties.price_per_head!.minimum = 50;
    });
    await cateringForm(ctx, session);
    await listForms(ctx, session.accessToken);

    expect(await storedForms(ctx, session.vendor.vendor_id)).toContainEqual({ form_id: 'update-catering-settings', version: 1, data: saved });
    expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
  });

  it('when the vendor saves data that fits version 2, then the form is complete again, stored under version 2', async () => {
    const { copy, ctx, session, saved } = await caterWithSavedSettings();
    await editCatering(ctx, copy, (file) => {
      file.settings.version = 2;
      file.settings.schema.properties.price_per_head!.minimum = 50;
    });

    const stillTooLow = await putForm(ctx, session.accessToken, 'update-catering-settings', saved);
    expect(stillTooLow.status).toBe(400);
    expect((stillTooLow.body as { errors: unknown[] }).errors).toEqual([{ path: 'price_per_head', message: 'Must be at least 50' }]);

    const fixed = { ...saved, price_per_head: 55 };
    const res = await putForm(ctx, session.accessToken, 'update-catering-settings', fixed);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await cateringForm(ctx, session)).toEqual({ data: fixed, version: 2, formVersion: 2, status: 'complete', errors: [] });
    expect((await listForms(ctx, session.accessToken)).find((f) => f.id === 'update-catering-settings')).toMatchObject({
      status: 'complete',
      version: 2,
      savedVersion: 2,
      errors: [],
    });
    expect(await storedForms(ctx, session.vendor.vendor_id)).toContainEqual({ form_id: 'update-catering-settings', version: 2, data: fixed });
  });

  it('when version 2 only adds an optional field, then the saved data stays complete under version 1', async () => {
    const { copy, ctx, session, saved } = await caterWithSavedSettings();

    await editCatering(ctx, copy, (file) => {
      file.settings.version = 2;
      file.settings.schema.properties.deposit_percent = { type: 'integer', title: 'Deposit (%)', minimum: 0, maximum: 100 };
    });

    expect(await cateringForm(ctx, session)).toEqual({ data: saved, version: 1, formVersion: 2, status: 'complete', errors: [] });
  });

  it('when the schema changes, then the served form and its validator URL change, and the new validator rejects the old data too', async () => {
    const { copy, ctx, saved } = await caterWithSavedSettings();
    const before = await formPayload(ctx, 'update-catering-settings');

    await editCatering(ctx, copy, (file) => {
      file.settings.version = 2;
      file.settings.schema.properties.price_per_head!.minimum = 50;
    });

    const after = await formPayload(ctx, 'update-catering-settings');
    expect(after.version).toBe(2);
    expect(after.schema.properties?.price_per_head?.minimum).toBe(50);
    expect(after.validator).toBeDefined();
    expect(after.validator).not.toBe(before.validator);
    const validator = await loadValidator(ctx, after);
    const result = validator.validateFormData(saved, after.schema as RJSFSchema);
    expect(result.errors.map((e) => e.property?.replace(/^\./, ''))).toEqual(['price_per_head']);
  });
});

describe.each(TEST_DATABASES)('onboarding after a category is removed, on %s', (kind) => {
  let copy: SchemaCopy | undefined;
  let ctx: TestContext | undefined;

  afterEach(async () => {
    await ctx?.close();
    await copy?.remove();
  });

  it('when the operator deletes a category file a vendor chose, then onboarding needs review naming that choice and its data is kept', async () => {
    copy = await copySchemas();
    ctx = await createTestContext({ database: kind, schemasDir: copy.dir, watch: true });
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.catering, VENDOR_TYPE.florist] });
    const before = await storedForms(ctx, session.vendor.vendor_id);

    const reloaded = nextEvent(ctx.store, 'reload');
    await rm(path.join(copy.dir, 'categories/florist.json'));
    await reloaded;

    const form = (await getForm(ctx, session.accessToken, 'new-user-step-1')).body as FormDataBody;
    const { version } = await formPayload(ctx, 'new-user-step-1');
    expect(form).toMatchObject({
      status: 'needs-review',
      version,
      formVersion: version,
      errors: [{ path: 'vendor_type_ids.1', message: 'Choose one of the options' }],
    });
    expect((await listForms(ctx, session.accessToken)).find((f) => f.id === 'new-user-step-1')?.status).toBe('needs-review');
    expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual(before);
  });
});
