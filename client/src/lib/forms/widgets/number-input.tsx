import { Input } from 'antd';
import { ariaDescribedByIds, type BaseInputTemplateProps, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { parseNumber } from './parse-number';

/** How a stored value reads in the field: numbers as they are, text typed earlier as typed. */
function display(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a === undefined && (b === null || b === ''));
}

/**
 * A number field that shows exactly what was typed and holds what it reads as (parseNumber):
 * "fifty" stays "fifty" and the form says "Enter a number"; 9999 over a maximum of 500 stays 9999
 * with the maximum's message. antd's InputNumber, which clamps, rounds and blanks, is not used.
 * `money`: a $ before the field, "$4,500" accepted, a decimal keypad on phones.
 */
export function NumberInput(props: (WidgetProps | BaseInputTemplateProps) & { money?: boolean }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema, options, rawErrors, money = false } = props;
  const [text, setText] = useState(() => display(value));
  const [shown, setShown] = useState<unknown>(value);
  // A value set from outside (saved data arriving, a reset) replaces the text; the text's own
  // changes do not (React's way of deriving state from a changed prop, during render).
  if (shown !== value) {
    setShown(value);
    if (!sameValue(parseNumber(text, money), value)) setText(display(value));
  }
  const whole = schema.type === 'integer';
  return (
    <Input
      id={id}
      name={props.htmlName ?? id}
      value={text}
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      prefix={money ? <span aria-hidden="true">$</span> : undefined}
      placeholder={placeholder}
      disabled={disabled || readonly}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      className="number-input"
      onChange={(event) => {
        setText(event.target.value);
        const next = parseNumber(event.target.value, money);
        onChange(next === undefined ? options.emptyValue : next);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** `"ui:widget": "money"`: an amount in US dollars (up to two decimals, with `multipleOf: 0.01`). */
export function MoneyWidget(props: WidgetProps) {
  return <NumberInput {...props} money />;
}
