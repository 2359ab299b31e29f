import { Alert, Card, Tag } from 'antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { FieldError } from '../../../../shared/contracts/problem';
import { PageFrame } from '../../components/page-frame';
import { PageState } from '../../components/page-state';
import { SchemaForm } from './schema-form';
import type { FormScreenState } from './use-form-screen';

/** The field's title for a review list ("Price per head", not "price_per_head"). */
function fieldTitle(schema: Record<string, unknown>, path: string): string {
  const properties = schema.properties && typeof schema.properties === 'object' ? (schema.properties as Record<string, { title?: string }>) : {};
  return properties[path.split('.')[0] ?? '']?.title ?? path;
}

function ReviewAlert({ schema, errors }: { schema: Record<string, unknown>; errors: FieldError[] }) {
  return (
    <Alert
      type="warning"
      showIcon
      className="form-screen__review"
      title="This form changed since you last saved it. Please review the highlighted fields."
      description={
        <ul>
          {errors.map((e) => (
            <li key={e.path}>
              <strong>{fieldTitle(schema, e.path)}</strong>: {e.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}

interface FormScreenProps<Extra> {
  screen: FormScreenState<Extra>;
  submitLabel?: string;
  /** Beside the form on wide screens, below it on narrow ones (a preview, the profile's images). */
  aside?: ReactNode | ((extra: Extra) => ReactNode);
  /** Above the form, under the description. */
  intro?: ReactNode;
  /** The page's own class beside `form-screen`. */
  className?: string;
}

/**
 * The page of a form screen: its frame (the form's title, Saved, the description) and the form, or
 * the page state while it loads or when it could not be loaded (the form names the page once loaded).
 */
export function FormScreen<Extra = undefined>({ screen, submitLabel = 'Save', aside, intro, className }: FormScreenProps<Extra>) {
  const { title, definition, validator, saved, extra, prompt, data, loadFailure, serverErrors, saving, formId, onChange, onSubmit } = screen;
  const frameClass = className ? `form-screen ${className}` : 'form-screen';
  if (loadFailure || !definition || !saved || !validator || extra === null) {
    return (
      <PageFrame className={frameClass}>
        <PageState failure={loadFailure} loading rows={8} />
      </PageFrame>
    );
  }
  const side = typeof aside === 'function' ? aside(extra) : aside;
  return (
    <PageFrame title={title} className={frameClass} extra={saved.status === 'complete' && <Tag color="green">Saved</Tag>} intro={definition.description}>
      {prompt}
      {intro}
      {saved.status === 'needs-review' && <ReviewAlert schema={definition.schema} errors={saved.errors} />}
      <div className={side ? 'form-screen__body form-screen__body--aside' : 'form-screen__body'}>
        <Card className="form-screen__card">
          <SchemaForm
            id={formId}
            schema={definition.schema as RJSFSchema}
            uiSchema={definition.uiSchema as UiSchema<Record<string, unknown>>}
            validator={validator}
            formData={data}
            extraErrors={serverErrors}
            disabled={saving}
            submitLabel={saving ? 'Saving…' : submitLabel}
            onChange={onChange}
            onSubmit={(next) => void onSubmit(next)}
          />
        </Card>
        {side}
      </div>
    </PageFrame>
  );
}
