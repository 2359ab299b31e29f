import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  contactBodySchema,
  type ContactBody,
  type ContactReceipt,
  type ContactTopic,
} from '../../../../../shared/contracts/support';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSendContactMessage } from '../api/send-contact-message';

interface Values {
  topic?: ContactTopic;
  message?: string;
}

const FIELDS = ['topic', 'message'] as const;
const TOPIC_OPTIONS = Object.entries(CONTACT_TOPICS).map(([value, label]) => ({ value, label }));

/** The server's own rule for the message, so the browser says what the server would. */
async function checkMessage(_rule: unknown, value: string | undefined): Promise<void> {
  const checked = contactBodySchema.shape.message.safeParse(value ?? '');
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Write your message');
}

/** The message to support: a topic, the text with its count, Send; the server's field errors land on their fields. */
export function ContactForm({ onSent }: { onSent(receipt: ContactReceipt): void }) {
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendContactMessage();

  const onFinish = async (values: Values) => {
    setFailure(null);
    try {
      onSent(await send.mutateAsync(values as ContactBody));
    } catch (error) {
      setFailure(applyServerErrors(form, error, FIELDS));
    }
  };

  return (
    <Form<Values>
      form={form}
      name="contact-support"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void onFinish(values)}
      disabled={send.isPending}
    >
      <Form.Item label="Topic" name="topic" rules={[{ required: true, message: 'Choose a topic' }]}>
        <Select<ContactTopic> placeholder="What is it about?" options={TOPIC_OPTIONS} />
      </Form.Item>
      <Form.Item label="Your message" name="message" rules={[{ validator: checkMessage }]} validateDebounce={500}>
        <Input.TextArea
          rows={8}
          maxLength={CONTACT_MESSAGE_MAX}
          showCount={{
            formatter: ({ count, maxLength }) => `${count.toLocaleString('en-US')} / ${(maxLength ?? CONTACT_MESSAGE_MAX).toLocaleString('en-US')}`,
          }}
          placeholder="What happened, and on which page or quote"
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon role="alert" title={failure} className="contact__alert" />}
      <Button type="primary" htmlType="submit" disabled={send.isPending} className="contact__send">
        {send.isPending ? 'Sending…' : 'Send'}
      </Button>
    </Form>
  );
}
