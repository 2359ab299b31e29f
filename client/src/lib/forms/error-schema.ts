import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../../../shared/contracts/problem';

/** The server's `{ path, message }` errors as RJSF's nested error schema (`a.0.b` → `{ a: { 0: { b } } }`). */
export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    let node = root;
    for (const part of path.split('.').filter(Boolean)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const list = (node.__errors ??= []) as string[];
    list.push(message);
  }
  return root as ErrorSchema;
}
