import { Input, Typography } from 'antd';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';

/** A textarea that shows how much of its `maxLength` is used (long replies, descriptions). */
function CountedTextarea(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, schema, options, placeholder } = props;
  const text = typeof value === 'string' ? value : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return (
    <>
      <Input.TextArea
        id={id}
        value={text}
        rows={typeof options.rows === 'number' ? options.rows : 4}
        disabled={disabled || readonly}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={() => onBlur(id, text)}
        onFocus={() => onFocus(id, text)}
        aria-describedby={`${id}-count`}
      />
      {max !== undefined && (
        <Typography.Text type={text.length > max ? 'danger' : 'secondary'} id={`${id}-count`} className="form-counter">
          {text.length} / {max}
        </Typography.Text>
      )}
    </>
  );
}

/** Every custom widget forms may name in `ui:widget`; registered once, never by forking the theme. */
export const customWidgets: RegistryWidgetsType = {
  counted: CountedTextarea,
};
