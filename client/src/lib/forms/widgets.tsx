import { Input } from 'antd';
import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps, RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import { ArrayFieldItemTemplate, ArrayFieldTemplate, ObjectFieldTemplate } from './widgets/array-templates';
import { InstagramHandleWidget, UrlWidget } from './widgets/normalizing-input';
import { MergeTemplateInput } from './widgets/merge-template-input';
import { CharacterCount } from './widgets/character-count';
import { MoneyWidget, NumberInput } from './widgets/number-input';
import { CheckboxGroupWidget } from './widgets/checkbox-group';

/** A textarea that shows how much of its `maxLength` is used (long replies, descriptions). */
function CountedTextarea(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, schema, options, placeholder } = props;
  const text = typeof value === 'string' ? value : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return (
    <>
      <Input.TextArea
        id={id}
        dir="auto"
        value={text}
        rows={typeof options.rows === 'number' ? options.rows : 4}
        disabled={disabled || readonly}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={() => onBlur(id, text)}
        onFocus={() => onFocus(id, text)}
        aria-describedby={`${id}-count`}
      />
      {max !== undefined && <CharacterCount id={`${id}-count`} count={text.length} max={max} />}
    </>
  );
}

/**
 * Every custom widget forms may name in `ui:widget`, and the ones a `format` picks by itself
 * (RJSF uses the widget named like a string field's format); registered once, never by forking the theme.
 */
export const customWidgets: RegistryWidgetsType = {
  counted: CountedTextarea,
  money: MoneyWidget,
  'seed-url': UrlWidget,
  'instagram-handle': InstagramHandleWidget,
  'merge-template': MergeTemplateInput,
  // `ui:widget: checkboxes` resolves to this name: the theme's, in a named group.
  CheckboxesWidget: CheckboxGroupWidget,
};

const AntdBaseInputTemplate = Templates.BaseInputTemplate!;

/** The theme's input for text; for numbers, one that never rewrites what was typed (NumberInput). */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  if (props.schema.type === 'number' || props.schema.type === 'integer') return <NumberInput {...props} />;
  return <AntdBaseInputTemplate {...props} />;
}

/** The templates forms use instead of the theme's: numbers, and lists of objects as cards. */
export const customTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ObjectFieldTemplate,
};
