import { Form, Input, Typography, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from '../../../../../shared/validators/email';
import { SINGLE_LINE_MESSAGE, SINGLE_LINE_PATTERN } from '../../../../../shared/validators/single-line';
import { RequestStep } from './request-step';
import { StepActions } from './step-actions';

/** What the contact step holds; the names follow the request body (`customer.email`), so the server's errors land on them. */
export interface ContactValues {
  customer: { name: string; email: string; phone?: string };
}

const PHONE = /^\+?[0-9 ()-]{7,20}$/;

interface ContactStepProps {
  form: FormInstance<ContactValues>;
  active: boolean;
  focusKey: number;
  progress: string;
  sending: boolean;
  onBack(): void;
  onSubmit(): void;
  /** Above Send: who gets the request (the coverage notice, or the one vendor it goes to). */
  notice?: ReactNode;
}

/** Who is asking: the link to the quotes goes to the email; vendors see email and phone only once they quote. */
export function ContactStep({ form, active, focusKey, progress, sending, onBack, onSubmit, notice }: ContactStepProps) {
  return (
    <RequestStep active={active} focusKey={focusKey} progress={progress} title="How we reach you" description="We email you a link to your quotes.">
      <Form<ContactValues>
        form={form}
        name="request-contact"
        layout="vertical"
        requiredMark="optional"
        size="large"
        onFinish={onSubmit}
        disabled={sending}
        scrollToFirstError
      >
        <Form.Item
          label="Your name"
          name={['customer', 'name']}
          rules={[
            { required: true, whitespace: true, message: 'Enter your name' },
            { min: 2, message: 'Enter your name' },
            { pattern: SINGLE_LINE_PATTERN, message: SINGLE_LINE_MESSAGE },
          ]}
        >
          <Input autoComplete="name" maxLength={80} />
        </Form.Item>
        <Form.Item
          label="Email"
          name={['customer', 'email']}
          rules={[
            { required: true, message: 'Enter your email address' },
            { pattern: EMAIL_PATTERN, message: INVALID_EMAIL_MESSAGE },
          ]}
        >
          <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} maxLength={254} />
        </Form.Item>
        <Form.Item label="Phone" name={['customer', 'phone']} rules={[{ pattern: PHONE, message: 'Enter a phone number, like 512 555 0142' }]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={20} />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Vendors see your name and your plans. Your email and phone are shown only to the vendors who send you a quote.
        </Typography.Paragraph>
        {notice}
        <StepActions onBack={onBack} continueLabel="Send my request" busy={sending} />
      </Form>
    </RequestStep>
  );
}
