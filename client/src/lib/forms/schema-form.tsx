import { generateForm } from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { createTransformErrors } from './form-validator';
import { customWidgets } from './widgets';

type FormData = Record<string, unknown>;

const Form = generateForm<FormData>();

export interface SchemaFormProps {
  id: string;
  schema: RJSFSchema;
  uiSchema: UiSchema<FormData>;
  /** The form's validator (loadFormValidator). */
  validator: ValidatorType<FormData>;
  formData: FormData | undefined;
  /** Errors from the server's 400, shown on their fields. */
  extraErrors?: ErrorSchema;
  disabled?: boolean;
  submitLabel: string;
  /** `edited`: the change came from a field the vendor edited, not from the defaults the form filled in. */
  onChange(data: FormData, edited: boolean): void;
  onSubmit(data: FormData): void;
  children?: ReactNode;
}

/**
 * A server-driven form: RJSF with the antd theme, the browser's own validation off so Ajv's
 * (shared with the server) speaks, errors shown on the fields and the ones from the server merged in.
 */
export function SchemaForm(props: SchemaFormProps) {
  const uiSchema: UiSchema<FormData> = {
    ...props.uiSchema,
    'ui:submitButtonOptions': { submitText: props.submitLabel, props: { type: 'primary', size: 'large' } as never },
  };
  return (
    <Form
      idPrefix={props.id}
      schema={props.schema}
      uiSchema={uiSchema}
      formData={props.formData}
      validator={props.validator}
      widgets={customWidgets}
      transformErrors={createTransformErrors(props.schema)}
      extraErrors={props.extraErrors}
      extraErrorsBlockSubmit={false}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      disabled={props.disabled}
      onChange={(event, id) => props.onChange(event.formData ?? {}, id !== undefined)}
      onSubmit={(event) => props.onSubmit(event.formData ?? {})}
    >
      {props.children}
    </Form>
  );
}
