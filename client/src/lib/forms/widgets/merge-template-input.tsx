import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { MERGE_FIELDS, type MergeField } from '../../../../../shared/forms/merge-fields';
import { unknownMergeFields } from '../../../../../shared/forms/unknown-merge-fields';
import { CharacterCount } from './character-count';

/**
 * Fields with `format: "merge-template"` (an auto-response's message): a textarea with an
 * "Insert field" menu that puts a merge field where the cursor is, a counter of `maxLength`, and
 * a hint naming any unknown field as it is typed (the form's rule refuses it on save as well).
 */
export function MergeTemplateInput(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, schema, options, placeholder, rawErrors } = props;
  const text = typeof value === 'string' ? value : '';
  const area = useRef<TextAreaRef>(null);
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const unknown = unknownMergeFields(text);

  const insert = (field: MergeField) => {
    const element = area.current?.resizableTextArea?.textArea;
    const token = `{${field}}`;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    onChange(text.slice(0, start) + token + text.slice(end));
    // Back in the field, just after what was inserted, once React has written the new text.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className="merge-template">
      <Dropdown
        disabled={disabled || readonly}
        trigger={['click']}
        menu={{
          items: Object.entries(MERGE_FIELDS).map(([field, label]) => ({
            key: field,
            label: (
              <span>
                {label} <bdi className="merge-template__token">{`{${field}}`}</bdi>
              </span>
            ),
          })),
          onClick: ({ key }) => insert(key as MergeField),
        }}
      >
        <Button className="merge-template__insert" aria-label="Insert a merge field" aria-controls={id}>
          Insert field <DownOutlined />
        </Button>
      </Dropdown>
      <Input.TextArea
        ref={area}
        id={id}
        dir="auto"
        value={text}
        rows={typeof options.rows === 'number' ? options.rows : 5}
        disabled={disabled || readonly}
        placeholder={placeholder}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={`${ariaDescribedByIds(id)} ${id}-count`}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={() => onBlur(id, text)}
        onFocus={() => onFocus(id, text)}
      />
      <div className="merge-template__footer">
        {unknown.length > 0 ? (
          <Typography.Text type="warning" className="merge-template__unknown">
            {`Not a merge field: ${unknown.join(', ')}`}
          </Typography.Text>
        ) : (
          <span />
        )}
        {max !== undefined && <CharacterCount id={`${id}-count`} count={text.length} max={max} />}
      </div>
    </div>
  );
}
