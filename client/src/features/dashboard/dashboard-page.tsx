import { Typography } from 'antd';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useConfig } from '../../lib/config/config-context';
import { useCredits } from '../../lib/quotes/api/get-credits';
import { useQuoteSummary } from '../../lib/quotes/api/get-quote-summary';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSessionVendor } from '../../lib/session/use-session';
import { CountBody } from './components/count-body';
import { UpcomingEvents } from './components/upcoming-events';
import { WidgetCard } from './components/widget-card';
import './dashboard.css';

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** The widgets of a vendor who may read quotes: new matches, quotes awaiting the couple, credits, the next booked events. */
function QuoteWidgets() {
  const ability = useAppAbility();
  const pathOf = usePathOf();
  const summary = useQuoteSummary({ enabled: true });
  // The balance is read with the quotes' permission (the server's credits guard); buying is the owner's.
  const credits = useCredits({ enabled: true });
  const canBuy = ability.can('manage', 'Billing');
  const summaryState = { loading: summary.isPending, failed: summary.isError, onRetry: () => void summary.refetch() };
  const data = summary.data;
  return (
    <div className="dashboard-widgets">
      <WidgetCard title="New matches" {...summaryState}>
        {data && <CountBody count={data.newMatches} unit={plural(data.newMatches, 'request you have not opened', 'requests you have not opened')} link={{ to: pathOf('potential-matches'), label: 'See potential matches' }} />}
      </WidgetCard>
      <WidgetCard title="Awaiting the couple" {...summaryState}>
        {data && <CountBody count={data.counts.submitted} unit={plural(data.counts.submitted, 'quote sent, waiting for an answer', 'quotes sent, waiting for an answer')} link={{ to: pathOf('submitted-quotes'), label: 'See submitted quotes' }} />}
      </WidgetCard>
      <WidgetCard title="Credits" loading={credits.isPending} failed={credits.isError} onRetry={() => void credits.refetch()}>
        {credits.data &&
          (canBuy ? (
            <CountBody count={credits.data.balance} unit={`${plural(credits.data.balance, 'credit', 'credits')} left for quoting`} link={{ to: pathOf('buy-more-credits'), label: 'Buy more credits' }} />
          ) : (
            <>
              <p className="dashboard-widget__count">
                <span className="dashboard-widget__number">{credits.data.balance}</span> <span>{plural(credits.data.balance, 'credit', 'credits')} left for quoting</span>
              </p>
              <Typography.Paragraph type="secondary">The account owner buys credits.</Typography.Paragraph>
            </>
          ))}
      </WidgetCard>
      <WidgetCard title="Upcoming events" className="dashboard-widget--wide" {...summaryState}>
        {data && <UpcomingEvents upcoming={data.upcoming} allPath={pathOf('accepted-quotes')} />}
      </WidgetCard>
    </div>
  );
}

/** The vendor's home: a greeting, then what needs attention (new matches, open quotes, credits, the next events). */
export default function DashboardPage() {
  const { app } = useConfig();
  const vendor = useSessionVendor();
  const canReadQuotes = useAppAbility().can('read', 'Quote');
  const name = typeof vendor?.business_name === 'string' ? vendor.business_name : null;
  // Greeted as new on the first visit (sign-up, joining a team), as back on every visit after it.
  const greeting = vendor?.first_visit === true || !name ? `Welcome to ${app.displayName}${name ? `, ${name}` : ''}.` : `Welcome back, ${name}.`;
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        Dashboard
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {greeting}
      </Typography.Paragraph>
      {canReadQuotes && <QuoteWidgets />}
    </section>
  );
}
