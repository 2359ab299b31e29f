import { Button, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { createActionKey } from '../../../lib/api/action-key';
import { problemOf } from '../../../lib/forms/server-errors';
import { useToast } from '../../../lib/toast/toast';
import { useDeclineQuote } from '../api/decline-quote';

interface QuoteDetailDeclineProps {
  quote: QuoteDetail;
  disabled: boolean;
  onChanged(detail: string): void;
}

/** Decline, with its dialog: an optional reason (kept in the history, for the vendor only), free of charge. */
export function QuoteDetailDecline({ quote, disabled, onChanged }: QuoteDetailDeclineProps) {
  const decline = useDeclineQuote(quote.id);
  const toast = useToast();
  const actionKey = useRef(createActionKey()).current;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    const body = { reason: reason.trim() || undefined };
    setFailure(null);
    try {
      await decline.mutateAsync({ ...body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.settle();
      setOpen(false);
      void toast.success('Request declined. It moved to your closed matches.');
    } catch (error) {
      actionKey.settle(error);
      const problem = problemOf(error);
      if (problem?.status === 409) {
        setOpen(false);
        onChanged(problem.detail ?? 'This request changed meanwhile.');
      } else {
        setFailure(problem?.detail ?? 'The request could not be declined. Check your connection and try again.');
      }
    }
  };

  return (
    <>
      <Button size="large" disabled={disabled} onClick={() => setOpen(true)}>
        Decline
      </Button>
      <Modal
        open={open}
        title="Decline this request?"
        okText="Decline request"
        okButtonProps={{ danger: true, loading: decline.isPending }}
        cancelButtonProps={{ disabled: decline.isPending }}
        closable={!decline.isPending}
        maskClosable={!decline.isPending}
        onOk={() => void run()}
        onCancel={() => setOpen(false)}
        afterClose={() => setFailure(null)}
      >
        <Typography.Paragraph>It moves to your closed matches and costs nothing. {quote.customer.name} is not told why.</Typography.Paragraph>
        <Form.Item
          label="Why are you declining? (optional, only your team sees it)"
          htmlFor="quote-decline-reason"
          labelCol={{ span: 24 }}
          wrapperCol={{ span: 24 }}
        >
          <Input.TextArea id="quote-decline-reason" rows={3} maxLength={500} showCount value={reason} onChange={(event) => setReason(event.target.value)} />
        </Form.Item>
        {failure && (
          <Typography.Paragraph type="danger" role="alert">
            {failure}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
