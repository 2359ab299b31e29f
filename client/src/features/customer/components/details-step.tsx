import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useFormDefinition } from '../../../lib/forms/api/get-form-definition';
import { useFormValidator } from '../../../lib/forms/api/load-form-validator';
import { SchemaForm } from '../../../lib/forms/schema-form';
import { loadFailure, PageState } from '../../../components/page-state';
import { RequestStep } from './request-step';
import { StepActions } from './step-actions';

type Data = Record<string, unknown>;

interface DetailsStepProps {
  category: string;
  active: boolean;
  focusKey: number;
  progress: string;
  data: Data | undefined;
  /** The server's errors on these answers (paths inside the form). */
  serverErrors: ErrorSchema | undefined;
  onChange(data: Data): void;
  onBack?: () => void;
  onContinue(data: Data): void;
}

/**
 * The category's own questions: its request form from config (`request-<category>`), validated
 * in the browser with the form's precompiled validator, as the server validates it.
 */
export function DetailsStep({ category, active, focusKey, progress, data, serverErrors, onChange, onBack, onContinue }: DetailsStepProps) {
  const formId = `request-${category}`;
  const definition = useFormDefinition(formId);
  const validator = useFormValidator(definition.data);
  const failed = definition.error ?? validator.error;

  let body;
  if (failed || !definition.data || !validator.data) {
    body = <PageState failure={loadFailure('These questions', definition.isError ? definition : validator)} loading />;
  } else {
    body = (
      <SchemaForm
        id={formId}
        schema={definition.data.schema as RJSFSchema}
        uiSchema={definition.data.uiSchema as UiSchema<Data>}
        validator={validator.data}
        formData={data}
        extraErrors={serverErrors}
        submitLabel="Continue"
        onChange={(next) => onChange(next)}
        onSubmit={onContinue}
      >
        <StepActions onBack={onBack} continueLabel="Continue" />
      </SchemaForm>
    );
  }
  return (
    <RequestStep
      active={active}
      focusKey={focusKey}
      progress={progress}
      title={definition.data?.title ?? 'Your plans'}
      description={definition.data?.description}
    >
      {body}
    </RequestStep>
  );
}
