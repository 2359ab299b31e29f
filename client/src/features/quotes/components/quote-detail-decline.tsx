import { Button, Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { MESSAGE_MAX_LENGTH } from '../../../../../shared/contracts/messages';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { createActionKey } from '../../../lib/api/action-key';
import { problemOf } from '../../../lib/forms/server-errors';
import { useQuickReplies } from '../../../lib/quick-replies/api/list-quick-replies';
import { useToast } from '../../../lib/toast/toast';
import { useDeclineQuote } from '../api/decline-quote';
import { declineReplyFor } from '../decline-reply';

interface QuoteDetailDeclineProps {
  quote: QuoteDetail;
  disabled: boolean;
  onChanged(detail: string): void;
}

/**
 * Decline, with its dialog: an optional reason (kept in the history, for the vendor only), free of
 * charge, and, when the vendor ticks it, a message to the couple started from a quick reply (the
 * one about the date when the reason says the date is taken) and sent with the decline.
 */
export function QuoteDetailDecline({ quote, disabled, onChanged }: QuoteDetailDeclineProps) {
  const decline = useDeclineQuote(quote.id);
  const toast = useToast();
  const ability = useAppAbility();
  const canMessage = ability.can('create', 'Message');
  const actionKey = useRef(createActionKey()).current;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [tell, setTell] = useState(false);
  // Null until the vendor picks a quick reply or types: then the message follows the reason.
  const [replyId, setReplyId] = useState<string | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [messageError, setMessageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const replies = useQuickReplies(canMessage && open);
  const list = replies.data ?? [];
  const reply = replyId === null ? declineReplyFor(list, reason) : list.find((r) => r.id === replyId);
  const message = typed ?? reply?.body ?? '';
  const name = quote.customer.name;

  const run = async () => {
    if (tell && message.trim() === '') {
      setMessageError(`Write a message to ${name}, or untick "Send a message to the couple".`);
      return;
    }
    const body = { reason: reason.trim() || undefined, ...(tell ? { message: message.trim() } : {}) };
    setFailure(null);
    setMessageError(null);
    try {
      await decline.mutateAsync({ ...body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.settle();
      setOpen(false);
      void toast.success(tell ? `Request declined and your message sent to ${name}.` : 'Request declined. It moved to your closed matches.');
    } catch (error) {
      actionKey.settle(error);
      const problem = problemOf(error);
      if (problem?.status === 409) {
        setOpen(false);
        onChanged(problem.detail ?? 'This request changed meanwhile.');
      } else {
        const field = problem?.errors?.find((e) => e.path === 'message')?.message;
        if (field) setMessageError(field);
        else setFailure(problem?.detail ?? 'The request could not be declined. Check your connection and try again.');
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
        <Typography.Paragraph>
          It moves to your closed matches and costs nothing.{' '}
          {tell ? `${name} reads your message on their request's page and by email.` : `${name} is not told why.`}
        </Typography.Paragraph>
        <Form.Item
          label="Why are you declining? (optional, only your team sees it)"
          htmlFor="quote-decline-reason"
          labelCol={{ span: 24 }}
          wrapperCol={{ span: 24 }}
        >
          <Input.TextArea id="quote-decline-reason" rows={3} maxLength={500} showCount value={reason} onChange={(event) => setReason(event.target.value)} />
        </Form.Item>
        {canMessage && (
          <div className="quote-decline__message">
            <Checkbox checked={tell} onChange={(event) => setTell(event.target.checked)}>
              Send a message to the couple
            </Checkbox>
            {tell && (
              <>
                {list.length > 0 && (
                  <Form.Item label="Start from a quick reply" htmlFor="quote-decline-reply" labelCol={{ span: 24 }} wrapperCol={{ span: 24 }}>
                    <Select
                      id="quote-decline-reply"
                      value={reply?.id}
                      options={list.map((r) => ({ value: r.id, label: r.title }))}
                      onChange={(id: string) => {
                        setReplyId(id);
                        setTyped(null);
                        setMessageError(null);
                      }}
                    />
                  </Form.Item>
                )}
                <Form.Item
                  label={`Message to ${name}`}
                  htmlFor="quote-decline-message"
                  labelCol={{ span: 24 }}
                  wrapperCol={{ span: 24 }}
                  validateStatus={messageError ? 'error' : undefined}
                  help={messageError}
                >
                  <Input.TextArea
                    id="quote-decline-message"
                    rows={5}
                    maxLength={MESSAGE_MAX_LENGTH}
                    value={message}
                    onChange={(event) => {
                      setTyped(event.target.value);
                      setMessageError(null);
                    }}
                  />
                </Form.Item>
              </>
            )}
          </div>
        )}
        {failure && (
          <Typography.Paragraph type="danger" role="alert">
            {failure}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
