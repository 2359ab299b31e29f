import { Button, Empty, Modal, Result, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { LinkButton } from '../../components/link-button';
import { useConfig } from '../../lib/config/config-context';
import { problemOf } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useToast } from '../../lib/toast/toast';
import { useAcceptQuote } from './api/accept-quote';
import { useConfirmRequest } from './api/confirm-request';
import { useCustomerRequest } from './api/get-customer-request';
import { useRejectQuote } from './api/reject-quote';
import { useWithdrawRequest } from './api/withdraw-request';
import { CustomerPageFrame } from './components/customer-page-frame';
import { FindingVendors } from './components/finding-vendors';
import type { CustomerQuote } from './components/quote-card';
import { RequestNotFound } from './components/request-not-found';
import { RequestSummary, vendorCount } from './components/request-summary';
import { REQUEST_STATUS } from './quote-status';

// A link's first open has no quotes yet: the cards (with their conversation and review forms) are
// not among what the page waits for before it can confirm.
const loadQuoteCard = () => import('./components/quote-card');
const QuoteCard = lazy(() => loadQuoteCard().then(({ QuoteCard: card }) => ({ default: card })));

/** The action waiting for the customer's confirmation in the dialog. */
type Pending = { kind: 'accept' | 'reject'; quote: CustomerQuote } | { kind: 'withdraw' };

function dialogOf(pending: Pending) {
  if (pending.kind === 'withdraw') {
    return {
      title: 'Withdraw your request?',
      body: 'Every quote still open closes, and no vendor can send you a new one. You cannot undo this.',
      okText: 'Withdraw request',
      danger: true,
    };
  }
  const { name } = pending.quote.vendor;
  if (pending.kind === 'accept') {
    return { title: `Book ${name}?`, body: `Booking ${name} closes your other quotes.`, okText: `Book ${name}`, danger: false };
  }
  return {
    title: `Turn down ${name}'s quote?`,
    body: `${name} will be told you chose not to go ahead. You cannot undo this.`,
    okText: 'Turn down',
    danger: true,
  };
}

/**
 * `/requests/:token` (public, full page): the customer's link. Its first open confirms the
 * request (confirming again changes nothing) and draws the page from that answer alone; vendors
 * are found afterwards (a job on the server), so the page says so and reads the request again
 * until they are. Then it shows what was asked, to how many vendors it went, and every quote,
 * which the customer can accept (closing the others) or turn down; the whole request can be
 * withdrawn. A link that leads nowhere is a 404.
 */
export default function CustomerRequestPage() {
  const { token = '' } = useParams();
  const { categories } = useConfig();
  const pathOf = usePathOf();
  const message = useToast();
  const confirmation = useConfirmRequest(token);
  const query = useCustomerRequest(token, { enabled: confirmation.isSuccess });
  const accept = useAcceptQuote(token);
  const reject = useRejectQuote(token);
  const withdraw = useWithdrawRequest(token);
  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const busy = accept.isPending || reject.isPending || withdraw.isPending;
  // The cards download beside the confirm: a page that has quotes does not wait for them after its data.
  useEffect(() => void loadQuoteCard(), []);

  const failure = confirmation.error ?? (query.data ? null : query.error);
  if (failure) {
    const problem = problemOf(failure);
    return (
      <CustomerPageFrame>
        {problem?.status === 404 ? (
          <RequestNotFound />
        ) : (
          <Result
            status="warning"
            title={<h1 className="result-title">Your request could not be loaded.</h1>}
            subTitle={problem?.detail ?? 'Check your connection and try again.'}
            extra={<Button onClick={() => void (confirmation.isError ? confirmation.refetch() : query.refetch())}>Try again</Button>}
          />
        )}
      </CustomerPageFrame>
    );
  }
  const request = query.data;
  if (!request) {
    return (
      <CustomerPageFrame>
        <Typography.Title level={1} className="customer-page__title">
          Your request
        </Typography.Title>
        <Skeleton active paragraph={{ rows: 8 }} />
      </CustomerPageFrame>
    );
  }

  const category = categories.find((c) => c.id === request.category);
  const categoryLabel = category?.label ?? request.category;
  const status = REQUEST_STATUS[request.status];
  const open = request.status === 'open';
  const withdrawable = request.status === 'open' || request.status === 'unconfirmed';

  const ask = (next: Pending) => {
    setPending(next);
    setDialogOpen(true);
  };
  const run = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'withdraw') {
        await withdraw.mutateAsync();
        void message.success('Your request is withdrawn.');
      } else if (pending.kind === 'accept') {
        await accept.mutateAsync(pending.quote.id);
        void message.success(`You booked ${pending.quote.vendor.name}.`);
      } else {
        await reject.mutateAsync(pending.quote.id);
        void message.success(`You turned down ${pending.quote.vendor.name}'s quote.`);
      }
    } catch (error) {
      void message.error(problemOf(error)?.detail ?? 'That did not work. Check your connection and try again.');
    }
    setDialogOpen(false);
  };
  const dialog = pending ? dialogOf(pending) : null;

  let quotes;
  if (request.quotes.length > 0) {
    quotes = (
      <Suspense fallback={<Skeleton active />}>
        <ul className="customer-request__quotes">
          {request.quotes.map((quote) => (
            <QuoteCard
              key={quote.id}
              token={token}
              quote={quote}
              category={request.category}
              answerable={open}
              busy={busy}
              onAccept={() => ask({ kind: 'accept', quote })}
              onReject={() => ask({ kind: 'reject', quote })}
            />
          ))}
        </ul>
      </Suspense>
    );
  } else if (request.matching) {
    quotes = <FindingVendors categoryLabel={categoryLabel} location={request.location} />;
  } else if (request.matched > 0) {
    quotes = <Empty description={`Sent to ${vendorCount(request.matched)}. You will get an email when a quote arrives.`} />;
  } else {
    quotes = (
      <Empty
        description={
          open
            ? `No ${categoryLabel.toLowerCase()} vendor near ${request.location} is free on that date yet. Try a nearby city or another date.`
            : 'No quotes arrived for this request.'
        }
      >
        {open && <LinkButton to={`${pathOf('request-quotes')}?category=${encodeURIComponent(request.category)}`}>Ask again</LinkButton>}
      </Empty>
    );
  }

  return (
    <CustomerPageFrame>
      <Typography.Title level={1} className="customer-page__title">
        Your {categoryLabel.toLowerCase()} request
      </Typography.Title>
      <div className="customer-request__status">
        <Tag color={status.color}>{status.label}</Tag>
        <Typography.Text type="secondary">{status.note}</Typography.Text>
      </div>
      <RequestSummary request={request} categoryLabel={categoryLabel} />
      <section className="customer-request__section" aria-labelledby="customer-request-quotes">
        <Typography.Title level={2} className="customer-request__heading" id="customer-request-quotes">
          Quotes
        </Typography.Title>
        {/* One live region for the states before the first quote: "Sent to N vendors" is announced when the finding ends. */}
        {request.quotes.length > 0 ? quotes : <div role="status">{quotes}</div>}
      </section>
      {withdrawable && (
        <section className="customer-request__withdraw" aria-labelledby="customer-request-withdraw">
          <Typography.Title level={2} className="customer-request__heading" id="customer-request-withdraw">
            No longer need quotes?
          </Typography.Title>
          <Typography.Paragraph type="secondary">Withdrawing closes your request for every vendor.</Typography.Paragraph>
          <Button danger size="large" onClick={() => ask({ kind: 'withdraw' })} disabled={busy}>
            Withdraw request
          </Button>
        </section>
      )}
      <Modal
        open={dialogOpen}
        title={dialog?.title}
        okText={dialog?.okText}
        okButtonProps={{ danger: dialog?.danger, loading: busy }}
        cancelButtonProps={{ disabled: busy }}
        closable={!busy}
        maskClosable={!busy}
        onOk={() => void run()}
        onCancel={() => setDialogOpen(false)}
        afterClose={() => setPending(null)}
      >
        <Typography.Paragraph>{dialog?.body}</Typography.Paragraph>
      </Modal>
    </CustomerPageFrame>
  );
}
