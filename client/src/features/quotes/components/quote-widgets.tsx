import { Typography } from 'antd';
import { loadFailure } from '../../../components/page-state';
import { WidgetCard } from '../../../components/widget-card';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { creditBalanceOf, useCredits } from '../../../lib/credits/api/get-credits';
import { usePathOf } from '../../../lib/router/use-path-of';
import { useQuoteSummary } from '../api/get-quote-summary';
import { CountBody } from './count-body';
import { ResponseTimeBody } from './response-time-body';
import { UpcomingEvents } from './upcoming-events';
import '../quote-widgets.css';

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** The dashboard's widgets of a vendor who may read quotes: new matches, quotes awaiting the couple, credits, the response time, the next booked events. */
export function QuoteWidgets() {
  const canReadQuotes = useAppAbility().can('read', 'Quote');
  return canReadQuotes ? <Widgets /> : null;
}

function Widgets() {
  const ability = useAppAbility();
  const pathOf = usePathOf();
  const summary = useQuoteSummary({ enabled: true });
  // The balance is read with the quotes' permission (the server's credits guard); buying is the owner's.
  const credits = useCredits();
  const balance = creditBalanceOf(credits.data);
  const canBuy = ability.can('manage', 'Billing');
  const summaryState = { loading: summary.isPending, failure: loadFailure('Your quotes', summary) };
  const data = summary.data;
  return (
    <>
      <WidgetCard title="New matches" {...summaryState}>
        {data && (
          <CountBody
            count={data.newMatches}
            unit={plural(data.newMatches, 'request you have not opened', 'requests you have not opened')}
            link={{ to: pathOf('potential-matches'), label: 'See potential matches' }}
          />
        )}
      </WidgetCard>
      <WidgetCard title="Awaiting the couple" {...summaryState}>
        {data && (
          <CountBody
            count={data.counts.submitted}
            unit={plural(data.counts.submitted, 'quote sent, waiting for an answer', 'quotes sent, waiting for an answer')}
            link={{ to: pathOf('submitted-quotes'), label: 'See submitted quotes' }}
          />
        )}
      </WidgetCard>
      <WidgetCard title="Credits" loading={credits.isPending} failure={loadFailure('Your credits', credits)}>
        {balance !== undefined &&
          (canBuy ? (
            <CountBody
              count={balance}
              unit={`${plural(balance, 'credit', 'credits')} left for quoting`}
              link={{ to: pathOf('buy-more-credits'), label: 'Buy more credits' }}
            />
          ) : (
            <>
              <p className="dashboard-widget__count">
                <span className="dashboard-widget__number">{balance}</span> <span>{plural(balance, 'credit', 'credits')} left for quoting</span>
              </p>
              <Typography.Paragraph type="secondary">The account owner buys credits.</Typography.Paragraph>
            </>
          ))}
      </WidgetCard>
      <WidgetCard title="Response time" {...summaryState}>
        {data && <ResponseTimeBody responseTime={data.responseTime} />}
      </WidgetCard>
      <WidgetCard title="Upcoming events" className="dashboard-widget--wide upcoming-events-widget" {...summaryState}>
        {data && <UpcomingEvents upcoming={data.upcoming} allPath={pathOf('accepted-quotes')} />}
      </WidgetCard>
    </>
  );
}
