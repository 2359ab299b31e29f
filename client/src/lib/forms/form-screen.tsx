import { Alert, Button, Card, Result, Skeleton, Tag, Typography } from 'antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { FieldError } from '../../../../shared/contracts/problem';
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
}

/** Title, state, and the form of a form screen: loading, load failure with a retry, needs-review. */
export function FormScreen<Extra = undefined>({ screen, submitLabel = 'Save', aside, intro }: FormScreenProps<Extra>) {
  const { title, definition, validator, saved, extra, prompt, data, loadError, serverErrors, saving, formId, onChange, onSubmit, reload } = screen;
  if (loadError) {
    return <Result status="warning" title="This page could not be loaded" subTitle={loadError} extra={<Button onClick={reload}>Try again</Button>} />;
  }
  if (!definition || !saved || !validator || extra === null) return <Skeleton active paragraph={{ rows: 8 }} />;
  const side = typeof aside === 'function' ? aside(extra) : aside;
  return (
    <div className="form-screen">
      {prompt}
      <header className="form-screen__header">
        <Typography.Title level={2} id="page-title">
          {title}
        </Typography.Title>
        {saved.status === 'complete' && <Tag color="green">Saved</Tag>}
        {definition.description && <Typography.Paragraph type="secondary">{definition.description}</Typography.Paragraph>}
      </header>
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
    </div>
  );
}
