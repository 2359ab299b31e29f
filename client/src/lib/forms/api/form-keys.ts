const CONFIG = 'config';

/**
 * Query keys of the vendor's forms. `all` covers what the vendor saved (the list and each form's
 * data); the definitions and their validators are config, under `config`, and change only when
 * the operator edits a schema.
 */
export const formKeys = {
  all: ['forms'] as const,
  list: () => ['forms', 'list'] as const,
  saved: (formId: string) => ['forms', 'saved', formId] as const,
  definition: (formId: string) => [CONFIG, 'forms', formId] as const,
  validator: (url: string) => [CONFIG, 'form-validators', url] as const,
};

/** Whether a query key is config's (definitions, validators), which a vendor's save never changes. */
export function isConfigKey(key: readonly unknown[]): boolean {
  return key[0] === CONFIG;
}
