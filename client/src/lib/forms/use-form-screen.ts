import type { ErrorSchema } from '@rjsf/utils';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { SavedForm } from '../../../../shared/contracts/form';
import type { VendorRecord } from '../../../../shared/contracts/vendor';
import type { PageFailure } from '../../components/page-state';
import { useConfig } from '../config/config-context';
import { useToast } from '../toast/toast';
import { useFormDefinition } from './api/get-form-definition';
import { useSavedForm } from './api/get-saved-form';
import { useFormValidator } from './api/load-form-validator';
import { useSaveForm } from './api/save-form';
import { dropAnsweredErrors } from './drop-answered-errors';
import { toErrorSchema } from './error-schema';
import { problemOf } from './server-errors';
import { useUnsavedChanges } from './use-unsaved-changes';

type Data = Record<string, unknown>;

export interface FormScreenOptions<Extra> {
  formId: string;
  /** The screen's title when it is not the form's own (a second screen of a form). */
  title?: string;
  /** Anything else the screen needs before it renders, loaded beside the form (e.g. the listing). */
  extra?: UseQueryResult<Extra>;
  /** What the form starts with when nothing is saved yet. */
  initialData?: (saved: SavedForm, extra: Extra) => Data | undefined;
  /** After a successful save (the stored vendor record is already updated). */
  afterSave?: (vendor: VendorRecord, data: Data) => void;
}

/**
 * Loading, editing and saving one server-driven form: its definition, precompiled validator and
 * saved data load together (with `extra`); a save maps the server's field errors onto the fields,
 * confirms with a toast and keeps the unsaved-changes guard in step.
 */
export function useFormScreen<Extra = undefined>({ formId, title: ownTitle, extra: extraQuery, initialData, afterSave }: FormScreenOptions<Extra>) {
  const { app } = useConfig();
  const message = useToast();
  const definitionQuery = useFormDefinition(formId);
  const validatorQuery = useFormValidator(definitionQuery.data);
  const savedQuery = useSavedForm(formId);
  const definition = definitionQuery.data;
  const save = useSaveForm(formId, definition?.version);
  // The vendor's edits, once the form has opened; until then the form shows what was saved.
  const [draft, setDraft] = useState<{ formId: string; data: Data } | null>(null);
  const [openedAt] = useState(() => Date.now());
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  // Cleared by a save at once, so that afterSave can navigate before the next render.
  const dirtyRef = useRef(false);

  const opened = draft?.formId === formId;
  const queries: UseQueryResult<unknown>[] = [definitionQuery, validatorQuery, savedQuery, ...(extraQuery ? [extraQuery] : [])];
  // Once the form is open, a failed refresh in the background (after a save) does not take it away.
  const failed = opened ? undefined : queries.find((query) => query.isError);
  const loadFailure: PageFailure | null = failed ? { what: 'This form', cause: failed.error, onRetry: () => reload() } : null;
  // A cached answer waits for the fetch the screen's opening started: the form starts from what is saved now.
  const saved = savedQuery.dataUpdatedAt >= openedAt ? savedQuery.data : undefined;
  const extra = extraQuery ? (extraQuery.data ?? null) : (undefined as Extra);
  const validator = validatorQuery.data ?? null;
  const data = opened ? draft.data : saved && extra !== null ? (saved.data ?? initialData?.(saved, extra)) : undefined;

  const reload = () => {
    for (const query of queries) if (query.isError) void query.refetch();
  };

  const title = ownTitle ?? definition?.title ?? 'Form';

  // Only a vendor's edit makes the form dirty: the defaults RJSF fills in when it opens do not.
  // A field the vendor changes loses the error the last save gave it.
  const onChange = (next: Data, edited = true) => {
    setDraft({ formId, data: next });
    if (!edited) return;
    setDirty(true);
    setServerErrors((errors) => dropAnsweredErrors(errors, data, next));
  };

  const toast = useCallback(
    (kind: 'success' | 'error', content: string) => void message[kind]({ content, duration: app.toast.timeoutMs / 1000 }),
    [message, app.toast.timeoutMs],
  );

  /** Saves the form; resolves to the stored vendor, or null when the save failed (its errors are shown). */
  const saveData = async (next: Data): Promise<VendorRecord | null> => {
    setServerErrors(undefined);
    try {
      const vendor = await save.mutateAsync(next);
      dirtyRef.current = false;
      setDirty(false);
      toast('success', definition?.savedMessage ?? `${title} saved`);
      return vendor;
    } catch (error) {
      const problem = problemOf(error);
      if (problem?.errors?.length) setServerErrors(toErrorSchema(problem.errors));
      toast('error', problem?.detail ?? 'We could not save this form. Check your connection and try again.');
      return null;
    }
  };

  const onSubmit = async (next: Data) => {
    const vendor = await saveData(next);
    if (vendor) afterSave?.(vendor, next);
  };

  // Saving from the leave dialog goes on to where the vendor was heading, not to afterSave's next screen.
  const prompt = useUnsavedChanges(dirty, dirtyRef, async () => data !== undefined && (await saveData(data)) !== null);

  return {
    formId,
    title,
    definition: definition ?? null,
    validator,
    saved: saved ?? null,
    extra,
    data,
    loadFailure,
    serverErrors,
    saving: save.isPending,
    dirty,
    prompt,
    onChange,
    onSubmit,
    reload,
    toast,
  };
}

export type FormScreenState<Extra = undefined> = ReturnType<typeof useFormScreen<Extra>>;
