import { Alert, Button, Card, Result, Skeleton, Tag, Typography } from 'antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { SchemaForm } from '../../lib/forms/schema-form';
import type { useFormScreen } from './use-form-screen';

/** Title, state, and the form of a form screen; `aside` sits beside the form on wide screens. */
export function FormScreen({ screen, submitLabel = 'Save', aside }: { screen: ReturnType<typeof useFormScreen>; submitLabel?: string; aside?: ReactNode }) {
  const { definition, validator, prompt, saved, data, loadError, serverErrors, saving, formId, onChange, onSubmit, reload } = screen;
  if (loadError) {
    return <Result status="warning" title="This form could not be loaded" subTitle={loadError} extra={<Button onClick={reload}>Try again</Button>} />;
  }
  if (!definition || !saved || !validator) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div className="form-screen">
      {prompt}
      <header className="form-screen__header">
        <Typography.Title level={2} id="page-title">
          {definition.title ?? 'Form'}
        </Typography.Title>
        {saved.status === 'complete' && <Tag color="green">Saved</Tag>}
        {definition.description && <Typography.Paragraph type="secondary">{definition.description}</Typography.Paragraph>}
      </header>
      {saved.status === 'needs-review' && (
        <Alert
          type="warning"
          showIcon
          className="form-screen__review"
          title="This form changed since you last saved it. Please review the highlighted fields."
          description={
            <ul>
              {saved.errors.map((e) => (
                <li key={e.path}>
                  <strong>{definition.schema.properties && typeof definition.schema.properties === 'object' ? ((definition.schema.properties as Record<string, { title?: string }>)[e.path.split('.')[0] ?? '']?.title ?? e.path) : e.path}</strong>: {e.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <div className={aside ? 'form-screen__body form-screen__body--aside' : 'form-screen__body'}>
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
        {aside}
      </div>
    </div>
  );
}
