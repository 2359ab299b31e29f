import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormPayload } from '../../../../shared/contracts/form';
import type { VendorRecord } from '../../../../shared/contracts/vendor';
import { useConfig } from '../config/config-context';
import { storeVendor } from '../session/session';
import { toErrorSchema } from './error-schema';
import { getFormDefinition, getSavedForm, saveForm, type SavedForm } from './form-api';
import { loadFormValidator } from './form-validator';
import { problemOf } from './server-errors';
import { useUnsavedChanges } from './use-unsaved-changes';
import { useToast } from '../toast/toast';

type Data = Record<string, unknown>;

export interface FormScreenOptions<Extra> {
  formId: string;
  /** The screen's title when it is not the form's own (a second screen of a form). */
  title?: string;
  /** Anything else the screen needs before it renders, loaded beside the form (e.g. the listing). */
  loadExtra?: () => Promise<Extra>;
  /** What the form starts with when nothing is saved yet. */
  initialData?: (saved: SavedForm, extra: Extra) => Data | undefined;
  /** After a successful save (the stored vendor record is already updated). */
  afterSave?: (vendor: VendorRecord, data: Data) => void;
}

/**
 * Loading, editing and saving one server-driven form: its definition, precompiled validator and
 * saved data load together; a save maps the server's field errors onto the fields, confirms with
 * a toast and keeps the unsaved-changes guard in step.
 */
export function useFormScreen<Extra = undefined>({ formId, title: ownTitle, loadExtra, initialData, afterSave }: FormScreenOptions<Extra>) {
  const { app } = useConfig();
  const message = useToast();
  const [definition, setDefinition] = useState<FormPayload | null>(null);
  const [validator, setValidator] = useState<ValidatorType<Data> | null>(null);
  const [saved, setSaved] = useState<SavedForm | null>(null);
  const [extra, setExtra] = useState<Extra | null>(null);
  const [data, setData] = useState<Data | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  // Cleared by a save at once, so that afterSave can navigate before the next render.
  const dirtyRef = useRef(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    Promise.all([getFormDefinition(formId), getSavedForm(formId), loadExtra ? loadExtra() : Promise.resolve(undefined as Extra)])
      .then(async ([form, stored, more]) => {
        if (!form.validator) throw new Error('This form has no validator');
        const loaded = await loadFormValidator(form.validator, form.schema as RJSFSchema);
        if (!current) return;
        setValidator(() => loaded);
        setDefinition(form);
        setSaved(stored);
        setExtra(() => more);
        setData(stored.data ?? initialData?.(stored, more));
      })
      .catch((error: unknown) => {
        if (current) setLoadError(problemOf(error)?.detail ?? 'This form could not be loaded. Check your connection and try again.');
      });
    return () => {
      current = false;
    };
    // loadExtra and initialData are render-time helpers of the page; the form id and retries decide what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId, attempt]);

  const reload = useCallback(() => {
    setLoadError(null);
    setAttempt((n) => n + 1);
  }, []);

  const title = ownTitle ?? definition?.title ?? 'Form';

  // Only a vendor's edit makes the form dirty: the defaults RJSF fills in when it opens do not.
  const onChange = (next: Data, edited = true) => {
    setData(next);
    if (edited) setDirty(true);
  };

  const toast = useCallback(
    (kind: 'success' | 'error', content: string) => void message[kind]({ content, duration: app.toast.timeoutMs / 1000 }),
    [message, app.toast.timeoutMs],
  );

  /** Saves the form; resolves to the stored vendor, or null when the save failed (its errors are shown). */
  const save = async (next: Data): Promise<VendorRecord | null> => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      const vendor = await saveForm(formId, next);
      storeVendor(vendor);
      dirtyRef.current = false;
      setDirty(false);
      setSaved((current) => (current ? { ...current, data: next, status: 'complete', errors: [], version: definition?.version ?? current.version } : current));
      toast('success', `${title} saved`);
      return vendor;
    } catch (error) {
      const problem = problemOf(error);
      if (problem?.errors?.length) setServerErrors(toErrorSchema(problem.errors));
      toast('error', problem?.detail ?? 'We could not save this form. Check your connection and try again.');
      return null;
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = async (next: Data) => {
    const vendor = await save(next);
    if (vendor) afterSave?.(vendor, next);
  };

  // Saving from the leave dialog goes on to where the vendor was heading, not to afterSave's next screen.
  const prompt = useUnsavedChanges(dirty, dirtyRef, async () => data !== undefined && (await save(data)) !== null);

  return { formId, title, definition, validator, saved, extra, setExtra, data, loadError, serverErrors, saving, dirty, prompt, onChange, onSubmit, reload, toast };
}

export type FormScreenState<Extra = undefined> = ReturnType<typeof useFormScreen<Extra>>;
