import { App } from 'antd';
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FormPayload } from '../../../../shared/contracts/form';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { useConfig } from '../../lib/config/config-context';
import { toErrorSchema } from '../../lib/forms/error-schema';
import { loadFormValidator } from '../../lib/forms/form-validator';
import { problemOf } from '../../lib/forms/server-errors';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { storeVendor } from '../../lib/session/session';
import { getFormDefinition, getSavedForm, saveForm, type SavedForm } from '../../lib/forms/form-api';
import { useUnsavedChanges } from '../../lib/forms/use-unsaved-changes';

type Data = Record<string, unknown>;

/** Loading, editing and saving one server-driven form: the form id is the route's. */
export function useFormScreen(initialData?: (saved: SavedForm) => Data | undefined) {
  const route = useCurrentRoute();
  const { app, guardRules } = useConfig();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const formId = route?.formId ?? route?.name ?? '';
  const [definition, setDefinition] = useState<FormPayload | null>(null);
  const [validator, setValidator] = useState<ValidatorType<Data> | null>(null);
  const [saved, setSaved] = useState<SavedForm | null>(null);
  const [data, setData] = useState<Data | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const { dirtyRef, prompt } = useUnsavedChanges(dirty);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    Promise.all([getFormDefinition(formId), getSavedForm(formId)])
      .then(async ([form, stored]) => {
        if (!form.validator) throw new Error('This form has no validator');
        const loaded = await loadFormValidator(form.validator, form.schema as RJSFSchema);
        if (!current) return;
        setValidator(() => loaded);
        setDefinition(form);
        setSaved(stored);
        setData(stored.data ?? initialData?.(stored));
      })
      .catch((error: unknown) => {
        if (current) setLoadError(problemOf(error)?.detail ?? 'This form could not be loaded. Check your connection and try again.');
      });
    return () => {
      current = false;
    };
    // initialData is a render-time helper of the page; the form id and retries decide what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId, attempt]);
  const reload = useCallback(() => {
    setLoadError(null);
    setAttempt((n) => n + 1);
  }, []);

  const onChange = (next: Data) => {
    setData(next);
    setDirty(true);
  };

  /** Saves; on a compulsory screen the guard then decides where the vendor goes next. */
  const onSubmit = async (next: Data) => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      const vendor = await saveForm(formId, next);
      storeVendor(vendor);
      dirtyRef.current = false;
      setDirty(false);
      void message.success({ content: `${definition?.title ?? 'Form'} saved`, duration: app.toast.timeoutMs / 1000 });
      const compulsory = route?.name === GUARD_ROUTES.onboarding || guardRules.some((rule) => rule.redirectTo === route?.name);
      if (compulsory) void navigate(`/${GUARD_ROUTES.dashboard}`);
      else setSaved((current) => (current ? { ...current, status: 'complete', errors: [], version: definition?.version ?? current.version } : current));
    } catch (error) {
      const problem = problemOf(error);
      if (problem?.errors?.length) {
        setServerErrors(toErrorSchema(problem.errors));
        void message.error({ content: problem.detail ?? 'Some fields need your attention.', duration: app.toast.timeoutMs / 1000 });
      } else {
        const content = problem?.detail ?? 'We could not save this form. Check your connection and try again.';
        void message.error({ content, duration: app.toast.timeoutMs / 1000 });
      }
    } finally {
      setSaving(false);
    }
  };

  return { formId, route, definition, validator, prompt, saved, data, loadError, serverErrors, saving, dirty, onChange, onSubmit, reload };
}
