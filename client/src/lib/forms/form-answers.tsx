import { Descriptions, Skeleton, Typography } from 'antd';
import { useFormDefinition } from './api/get-form-definition';
import { summarizeFormData } from './summarize-form-data';
import './form-answers.css';

interface FormAnswersProps {
  /** The form whose titles label the answers (`request-<category>`, `quote-<category>`). */
  formId: string;
  data: Record<string, unknown>;
  /** Shown when nothing was answered; nothing at all when absent. */
  emptyText?: string;
}

/** A form's answers, read-only, labelled with the form's own titles, in its order (a customer's request, a vendor's quote). */
export function FormAnswers({ formId, data, emptyText }: FormAnswersProps) {
  const definition = useFormDefinition(formId);
  if (definition.isError) return <Typography.Text type="secondary">These answers could not be shown. Reload the page to try again.</Typography.Text>;
  if (!definition.data) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  const lines = summarizeFormData(definition.data.schema, definition.data.uiSchema, data);
  if (lines.length === 0) return emptyText ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={lines.map((line) => ({ key: line.key, label: line.label, children: <span className="form-answers__value">{line.value}</span> }))}
    />
  );
}
