import { App } from 'antd';
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useCallback, useEffect, useState } from 'react';
import type { FormPayload } from '../../../../shared/contracts/form';
import { useConfig } from '../../lib/config/config-context';
import { toErrorSchema } from '../../lib/forms/error-schema';
import { loadFormValidator } from '../../lib/forms/form-validator';
import { problemOf } from '../../lib/forms/server-errors';
import { storeVendor } from '../../lib/session/session';
import { getFormDefinition, getSavedForm, saveForm, type SavedForm } from '../../lib/forms/form-api';
import { getProfile, type Profile } from './api/profile';
import { useUnsavedChanges } from '../../lib/forms/use-unsaved-changes';

type Data = Record<string, unknown>;

/** The form of the profile's texts (schemas/forms/edit-profile.json); its id is the route's. */
export const PROFILE_FORM_ID = 'edit-profile';

/** What the form starts with before the first save: the listing as onboarding left it. */
function startingData(profile: Profile): Data {
  const area = profile.city && profile.serviceRadiusMiles ? `${profile.city} and up to ${profile.serviceRadiusMiles} miles around` : profile.city;
  const values: Data = { business_name: profile.businessName, about: profile.about, service_area: profile.serviceArea ?? area, website: profile.links.website };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

/**
 * Loading, editing and saving the profile: the listing (images, categories, upload rules) and
 * the edit-profile form, whose data is saved through the forms API like every other form.
 */
export function useProfileScreen() {
  const { app } = useConfig();
  const { message } = App.useApp();
  const [profile, setProfile] = useState<Profile | null>(null);
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
    Promise.all([getProfile(), getFormDefinition(PROFILE_FORM_ID), getSavedForm(PROFILE_FORM_ID)])
      .then(async ([listing, form, stored]) => {
        if (!form.validator) throw new Error('This form has no validator');
        const loaded = await loadFormValidator(form.validator, form.schema as RJSFSchema);
        if (!current) return;
        setProfile(listing);
        setValidator(() => loaded);
        setDefinition(form);
        setSaved(stored);
        setData(stored.data ?? startingData(listing));
      })
      .catch((error: unknown) => {
        if (current) setLoadError(problemOf(error)?.detail ?? 'Your profile could not be loaded. Check your connection and try again.');
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const reload = useCallback(() => {
    setLoadError(null);
    setAttempt((n) => n + 1);
  }, []);

  const onChange = (next: Data) => {
    setData(next);
    setDirty(true);
  };

  const toast = (kind: 'success' | 'error', content: string) => void message[kind]({ content, duration: app.toast.timeoutMs / 1000 });

  const onSubmit = async (next: Data) => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      storeVendor(await saveForm(PROFILE_FORM_ID, next));
      dirtyRef.current = false;
      setDirty(false);
      setSaved((current) => (current ? { ...current, data: next, status: 'complete', errors: [] } : current));
      toast('success', `${definition?.title ?? 'Profile'} saved`);
    } catch (error) {
      const problem = problemOf(error);
      if (problem?.errors?.length) setServerErrors(toErrorSchema(problem.errors));
      toast('error', problem?.detail ?? 'We could not save your profile. Check your connection and try again.');
    } finally {
      setSaving(false);
    }
  };

  return { profile, setProfile, definition, validator, saved, data, loadError, serverErrors, saving, prompt, onChange, onSubmit, reload, toast };
}
