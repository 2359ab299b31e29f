import { Form, Input } from 'antd';
import { QUOTE_TEMPLATE_NAME_MAX_LENGTH } from '../../../../../shared/contracts/quote-templates';

/** What is wrong with a template's name as typed, if anything. */
export const nameError = (name: string): string | undefined => (name.trim() === '' ? 'Name this template' : undefined);

/** A template's name: its label above, the server's or the limit's error under it (saving and renaming both ask for one). */
export function TemplateNameField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  showCount?: boolean;
  onChange(name: string): void;
}) {
  const { id, label, value, error, showCount, onChange } = props;
  return (
    <Form.Item label={label} htmlFor={id} labelCol={{ span: 24 }} wrapperCol={{ span: 24 }} validateStatus={error ? 'error' : undefined} help={error}>
      <Input
        id={id}
        value={value}
        maxLength={QUOTE_TEMPLATE_NAME_MAX_LENGTH}
        showCount={showCount}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Item>
  );
}
