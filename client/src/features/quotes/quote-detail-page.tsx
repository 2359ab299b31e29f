import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Result, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LinkButton } from '../../components/link-button';
import { PageFrame } from '../../components/page-frame';
import { loadFailure, PageState } from '../../components/page-state';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useConfig } from '../../lib/config/config-context';
import { problemOf } from '../../lib/forms/server-errors';
import { creditBalanceOf, creditEntriesOf, useCredits } from '../../lib/credits/api/get-credits';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { usePathOf } from '../../lib/router/use-path-of';
import { useQuote } from './api/get-quote';
import { QuoteDetailContact } from './components/quote-detail-contact';
import { QuoteDetailForm } from './components/quote-detail-form';
import { QuoteDetailHistory } from './components/quote-detail-history';
import { QuoteDetailMessages } from './components/quote-detail-messages';
import { QuoteDetailRequest } from './components/quote-detail-request';
import { QuoteDetailSent } from './components/quote-detail-sent';
import { refundReasonOf } from './quote-detail-cost';
import { QUOTE_DETAIL_STATUS } from './quote-detail-status';
import { listRouteOf } from './quote-lists';
import { useQuotePath } from '../../lib/router/use-quote-path';
import './quote-detail.css';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageFrame title={title} className="quote-detail" titleClassName="quote-detail__title">
      {children}
    </PageFrame>
  );
}

/**
 * `/{slug}-quote-detail/:id`, one route per category: a couple's request and the vendor's answer.
 * A potential match shows the request, the cost and the balance, and the category's quote form
 * with Send and Decline; any other state shows what was sent and what became of it. The history
 * and, once quoted, the couple's contact are always there. A quote opened under another
 * category's route moves to its own; an id that is not the business's is a not-found state.
 */
export default function QuoteDetailPage() {
  const { id = '' } = useParams();
  const route = useCurrentRoute();
  const { categories, routes } = useConfig();
  const pathOf = usePathOf();
  const quotePath = useQuotePath();
  const ability = useAppAbility();
  const query = useQuote(id);
  const credits = useCredits({ enabled: ability.can('read', 'Quote') });
  const [changed, setChanged] = useState<string | null>(null);
  const routeLabel = categories.find((category) => category.id === route?.category)?.label;

  if (query.isError && !query.data) {
    const problem = problemOf(query.error);
    return (
      <Frame title={`${routeLabel ?? 'Quote'} request`}>
        {problem?.status === 404 ? (
          <Result
            status="404"
            title="We could not find this request"
            subTitle="It is not one of your business's matches, or the link is incomplete."
            extra={
              <LinkButton type="primary" to={pathOf('potential-matches')}>
                See your potential matches
              </LinkButton>
            }
          />
        ) : (
          <PageState failure={loadFailure('This request', query)} />
        )}
      </Frame>
    );
  }

  const quote = query.data;
  if (!quote) {
    return (
      <Frame title={`${routeLabel ?? 'Quote'} request`}>
        <PageState loading rows={10} />
      </Frame>
    );
  }

  // The id's category decides the page: under another category's route, go to its own.
  if (route?.category && route.category !== quote.category) {
    const own = quotePath(quote);
    if (own) return <Navigate to={own} replace />;
  }

  const categoryLabel = categories.find((category) => category.id === quote.category)?.label ?? quote.category;
  const status = QUOTE_DETAIL_STATUS[quote.status];
  const listRoute = listRouteOf(quote.status);
  const listTitle = routes.find((r) => r.name === listRoute)?.meta.title ?? listRoute;
  const balance = creditBalanceOf(credits.data);
  const refundReason = quote.refunded ? refundReasonOf(creditEntriesOf(credits.data), quote.id) : null;

  return (
    <Frame title={`${quote.customer.name}'s ${categoryLabel.toLowerCase()} request`}>
      <div className="quote-detail__status">
        <Link to={pathOf(listRoute)} className="quote-detail__back">
          <ArrowLeftOutlined aria-hidden /> {listTitle}
        </Link>
        <Tag color={status.color}>
          <span className="visually-hidden">Status: </span>
          {status.label}
        </Tag>
        <Typography.Text type="secondary">{status.meaning}</Typography.Text>
      </div>
      {changed && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          closable
          onClose={() => setChanged(null)}
          className="quote-detail__notice"
          title="This request changed while you were on it"
          description={`${changed} It has been reloaded.`}
        />
      )}
      <div className="quote-detail__layout">
        <div className="quote-detail__main">
          <QuoteDetailRequest quote={quote} />
          {quote.status === 'potential' ? (
            <QuoteDetailForm
              quote={quote}
              balance={balance}
              credits={{ buyPath: ability.can('manage', 'Billing') ? pathOf('buy-more-credits') : null }}
              onChanged={setChanged}
            />
          ) : (
            <QuoteDetailSent quote={quote} refundReason={refundReason} />
          )}
          <QuoteDetailMessages quote={quote} />
        </div>
        <div className="quote-detail__side">
          <QuoteDetailContact quote={quote} />
          <QuoteDetailHistory history={quote.history} />
        </div>
      </div>
    </Frame>
  );
}
