import { Modal, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import type { FieldError } from '../../../../../shared/contracts/problem';
import { createActionKey } from '../../../lib/api/action-key';
import { problemOf } from '../../../lib/forms/server-errors';
import { useToast } from '../../../lib/toast/toast';
import { useSubmitQuote, type SubmitQuoteBody } from '../api/submit-quote';
import { creditCount } from '../quote-detail-cost';
import type { PlacedErrors } from '../quote-detail-draft';
import { BuyCredits, type CreditsHelp } from './quote-detail-credits';

interface SendQuoteOptions {
  credits: CreditsHelp;
  /** A 409: the quote changed meanwhile (it is read again); the page says so above whatever it shows now. */
  onChanged(detail: string): void;
  /** A 400 on the form's fields: they go back on their fields; what could not be placed is said above the form. */
  onFieldErrors(errors: FieldError[]): PlacedErrors;
}

/**
 * Sending a quote: a checked body waits for the vendor to confirm its cost, then goes once (an
 * `Idempotency-Key` kept across retries of the same body); the server's refusals become what the
 * form says (fields, 402 with where to get credits, 409, 404).
 */
export function useSendQuote(quote: QuoteDetail, { credits, onChanged, onFieldErrors }: SendQuoteOptions) {
  const submit = useSubmitQuote(quote.id);
  const toast = useToast();
  const actionKey = useRef(createActionKey()).current;
  const [ready, setReady] = useState<SubmitQuoteBody | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ReactNode>(null);
  const cost = creditCount(quote.leadCost);

  const send = async () => {
    if (!ready) return;
    try {
      const answer = await submit.mutateAsync({ body: ready, idempotencyKey: actionKey.keyFor(ready) });
      actionKey.settle();
      setConfirming(false);
      void toast.success(`Quote sent to ${quote.customer.name}. ${cost} spent; you have ${String(answer.credits.balance)} left.`);
    } catch (error) {
      actionKey.settle(error);
      setConfirming(false);
      const problem = problemOf(error);
      if (problem?.status === 400 && problem.errors?.length) {
        const placed = onFieldErrors(problem.errors);
        setFailure(
          placed.unplaced.length > 0 || (!placed.price && !placed.message && placed.details.length === 0)
            ? (problem.detail ?? problem.title)
            : 'Some fields need your attention.',
        );
      } else if (problem?.status === 402) {
        setFailure(
          <>
            {problem.detail ?? `Quoting this request takes ${cost}.`} <BuyCredits credits={credits} />
          </>,
        );
      } else if (problem?.status === 409) {
        // The quote is read again (every quote read is, after a submit): the page shows it as it is now.
        onChanged(problem.detail ?? 'This request changed meanwhile.');
      } else if (problem?.status === 404) {
        setFailure('This request is no longer yours to quote. Reload the page.');
      } else {
        setFailure(problem?.detail ?? 'Your quote could not be sent. Check your connection and try again: nothing is spent twice.');
      }
    }
  };

  return {
    sending: submit.isPending,
    failure,
    clearFailure: () => setFailure(null),
    /** Asks the vendor to confirm sending this body. */
    confirm(body: SubmitQuoteBody) {
      setFailure(null);
      setReady(body);
      setConfirming(true);
    },
    confirming,
    cancel: () => setConfirming(false),
    send,
  };
}

/** "Send your quote to …?": what sending spends, confirmed or cancelled (not while it is on its way). */
export function ConfirmSendQuote({ quote, balance, sender }: { quote: QuoteDetail; balance: number | undefined; sender: ReturnType<typeof useSendQuote> }) {
  const cost = creditCount(quote.leadCost);
  return (
    <Modal
      open={sender.confirming}
      title={`Send your quote to ${quote.customer.name}?`}
      okText={`Spend ${cost} and send`}
      okButtonProps={{ loading: sender.sending }}
      cancelButtonProps={{ disabled: sender.sending }}
      closable={!sender.sending}
      maskClosable={!sender.sending}
      onOk={() => void sender.send()}
      onCancel={sender.cancel}
    >
      <Typography.Paragraph>
        Sending it spends {cost}
        {balance !== undefined ? ` of your ${String(balance)}` : ''}. {quote.customer.name} gets your quote by email, and their email and phone show here.
      </Typography.Paragraph>
    </Modal>
  );
}
