import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Typography, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { cardBrandLabel } from '../../../../../shared/billing/card-brand-label';
import type { Billing } from '../../../../../shared/contracts/billing';
import { createActionKey, isFinalAnswer } from '../../../lib/api/action-key';
import { problemOf } from '../../../lib/forms/server-errors';
import { tokenizeCard } from '../api/tokenize-card';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import { billingFailure } from '../billing-problem';
import { cardBrandOf, cardDigits, checkCard, formatCardNumber, type CardField, type CardValues } from '../card-input';

const FIELDS: readonly CardField[] = ['number', 'expMonth', 'expYear', 'cvc'];

export interface CardFormProps {
  /** The form's id prefix, unique on the page. */
  id: string;
  submitLabel: string;
  /** The card is saved: the answer's billing. */
  onSaved(billing: Billing): void;
  /** What to say when the card is declined (by default: nothing charged, try another card). */
  declinedMessage?: string;
  onCancel?: () => void;
  disabled?: boolean;
}

const EMPTY: CardValues = { number: '', expMonth: '', expYear: '', cvc: '' };

/**
 * The card form: number (spaced as typed), expiry month and year, security code. Checked here as
 * the provider checks it; then the card goes to the payment provider (never to /api), and its
 * token to `PUT /api/billing/payment-method`. The provider's field errors land on their fields, a
 * decline above the button. A retry after a dropped connection reuses the token and the action's
 * Idempotency-Key, so the card is not attached twice.
 */
export function CardForm({ id, submitLabel, onSaved, declinedMessage, onCancel, disabled }: CardFormProps) {
  const [form] = Form.useForm<CardValues>();
  const save = useUpdatePaymentMethod();
  const actionKey = useRef(createActionKey()).current;
  // The token of the last card sent while the outcome of attaching it is unknown.
  const pending = useRef<{ card: string; token: string } | null>(null);
  const numberInput = useRef<InputRef>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const number = Form.useWatch('number', form) ?? '';
  const brand = cardBrandOf(cardDigits(number));
  const busy = tokenizing || save.isPending;

  const showErrors = (errors: Partial<Record<CardField, string>>) => {
    form.setFields(FIELDS.map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));
    const first = FIELDS.find((name) => errors[name]);
    if (first) form.getFieldInstance(first)?.focus?.();
  };

  const onFinish = async (values: CardValues) => {
    if (busy) return;
    setFailure(null);
    const checked = checkCard(values, new Date());
    if (!checked.body) {
      showErrors(checked.errors);
      return;
    }
    const card = JSON.stringify(checked.body);
    let token = pending.current?.card === card ? pending.current.token : null;
    if (!token) {
      setTokenizing(true);
      try {
        token = (await tokenizeCard(checked.body)).id;
        pending.current = { card, token };
      } catch (error) {
        const problem = problemOf(error);
        const fieldErrors = Object.fromEntries(
          (problem?.errors ?? []).filter((e) => (FIELDS as readonly string[]).includes(e.path)).map((e) => [e.path, e.message]),
        );
        if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
        else setFailure(problem?.code === 'card-declined' ? (declinedMessage ?? billingFailure(error).message) : billingFailure(error).message);
        return;
      } finally {
        setTokenizing(false);
      }
    }
    const body = { paymentMethodId: token };
    try {
      const billing = await save.mutateAsync({ ...body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.settle();
      pending.current = null;
      form.resetFields();
      onSaved(billing);
    } catch (error) {
      actionKey.settle(error);
      if (isFinalAnswer(error)) pending.current = null;
      const failed = billingFailure(error);
      setFailure(failed.kind === 'declined' ? (declinedMessage ?? failed.message) : failed.message);
      if (failed.kind === 'declined') numberInput.current?.focus();
    }
  };

  return (
    <Form<CardValues>
      form={form}
      name={id}
      layout="vertical"
      requiredMark={false}
      initialValues={EMPTY}
      disabled={disabled || busy}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => setFailure(null)}
      className="card-form"
    >
      <Form.Item label="Card number" name="number" normalize={(value: string) => formatCardNumber(value ?? '')} className="card-form__number">
        <Input
          ref={numberInput}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          suffix={<span className="card-form__brand">{brand ? cardBrandLabel(brand) : ''}</span>}
        />
      </Form.Item>
      <div className="card-form__row">
        <Form.Item label="Expiry month" name="expMonth">
          <Input inputMode="numeric" autoComplete="cc-exp-month" placeholder="MM" maxLength={2} />
        </Form.Item>
        <Form.Item label="Expiry year" name="expYear">
          <Input inputMode="numeric" autoComplete="cc-exp-year" placeholder="YYYY" maxLength={4} />
        </Form.Item>
        <Form.Item label="Security code" name="cvc">
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder={brand === 'amex' ? '1234' : '123'} maxLength={4} />
        </Form.Item>
      </div>
      {failure && <Alert type="error" showIcon role="alert" title={failure} className="card-form__failure" />}
      <Typography.Paragraph type="secondary" className="card-form__note">
        <LockOutlined aria-hidden /> Your card goes straight to our payment provider. We never see or keep its number.
      </Typography.Paragraph>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </Space>
    </Form>
  );
}
