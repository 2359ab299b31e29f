import { generateForm } from '@rjsf/antd';
import { createSchemaUtils, type ErrorSchema, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { createTransformErrors } from './form-validator';
import { mergeAllOfForDrawing } from './merge-all-of';
import { customTemplates, customWidgets } from './widgets';

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
 * The data without the fields the form's own rules rule out for it (a delivery fee once delivery
 * is No: `if`/`then` makes the fee's schema `false`, and RJSF stops drawing it). Its value would
 * otherwise stay behind, invisible, and fail the save on a field nobody can see.
 */
function withoutRuledOut(utils: ReturnType<typeof createSchemaUtils<FormData>>, schema: RJSFSchema, data: FormData): FormData {
  const properties = utils.retrieveSchema(schema, data).properties ?? {};
  const ruledOut = Object.keys(data).filter((key) => properties[key] === false);
  if (ruledOut.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !ruledOut.includes(key)));
}

/**
 * A server-driven form: RJSF with the antd theme, the browser's own validation off so Ajv's
 * (shared with the server) speaks, errors shown on the fields and the ones from the server merged in.
 */
export function SchemaForm(props: SchemaFormProps) {
  const utils = useMemo(() => createSchemaUtils<FormData>(props.validator, props.schema, undefined, mergeAllOfForDrawing), [props.validator, props.schema]);
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
      templates={customTemplates}
      experimental_customMergeAllOf={mergeAllOfForDrawing}
      transformErrors={createTransformErrors(props.schema)}
      extraErrors={props.extraErrors}
      extraErrorsBlockSubmit={false}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      disabled={props.disabled}
      onChange={(event, id) => props.onChange(withoutRuledOut(utils, props.schema, event.formData ?? {}), id !== undefined)}
      onSubmit={(event) => props.onSubmit(event.formData ?? {})}
      // The errors are on the fields; without a handler RJSF also logs them as a console error.
      onError={() => undefined}
    >
      {props.children}
    </Form>
  );
}
