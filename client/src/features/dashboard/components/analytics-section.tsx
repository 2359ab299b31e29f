import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Analytics } from '../../../../../shared/contracts/analytics';
import { BarChart } from '../../../components/charts/bar-chart';
import { loadFailure, PageState } from '../../../components/page-state';
import { Panel } from '../../../components/panel';
import { formatCents } from '../../../lib/format/format-cents';
import { problemOf } from '../../../lib/forms/server-errors';
import { useAnalytics } from '../api/get-analytics';
import { useDownloadQuotesCsv } from '../api/download-quotes-csv';
import { formatMonth, formatNumber, formatShare, formatWait } from '../analytics-format';

const PERIODS = [
  { label: '30 days', value: 30 },
  { label: '90 days', value: 90 },
  { label: '12 months', value: 365 },
];

/** The stat cards, in the order a vendor asks "is this worth what I pay?". */
function stats(data: Analytics): { label: string; value: string }[] {
  return [
    { label: 'Leads', value: String(data.leads) },
    { label: 'Quotes sent', value: String(data.quotesSent) },
    { label: 'Response rate', value: formatShare(data.responseRate) },
    { label: 'Median response time', value: formatWait(data.medianResponseMinutes) },
    { label: 'Win rate', value: formatShare(data.winRate) },
    { label: 'Revenue won', value: formatCents(data.revenueWonCents) },
    { label: 'Credits spent', value: String(data.creditsSpent) },
    { label: 'Credits per booking', value: formatNumber(data.creditsPerBooking) },
    { label: 'Cost per booking', value: data.costPerBookingCents === null ? '—' : formatCents(data.costPerBookingCents) },
    { label: 'Profile views', value: String(data.profileViews) },
    { label: 'Quote clicks', value: String(data.quoteClicks) },
  ];
}

/** "How you compare": shares of nearby businesses of the same categories beaten, never one of them by name. */
function Compare({ peers }: { peers: NonNullable<Analytics['peers']> }) {
  const of = `${String(peers.peers)} similar businesses within 50 miles`;
  return (
    <ul className="analytics__list">
      <li>
        {peers.responseTimePercentile === null
          ? `Answer a lead to see how your response time compares with ${of}.`
          : `You respond faster than ${formatShare(peers.responseTimePercentile)} of ${of}.`}
      </li>
      <li>
        {peers.winRatePercentile === null
          ? `Send a quote to see how your win rate compares with ${of}.`
          : `Your win rate beats ${formatShare(peers.winRatePercentile)} of ${of}.`}
      </li>
    </ul>
  );
}

/**
 * The dashboard's analytics (docs/marketplace.md, Analytics) for 30, 90 or 365 days: the stat
 * cards, leads, quotes and bookings by month and leads by category as charts, "How you compare"
 * when there are enough peers, "What to do next", and the period's quotes as a CSV download.
 */
export function AnalyticsSection() {
  const [days, setDays] = useState(30);
  const headingId = useId();
  const analytics = useAnalytics(days);
  const download = useDownloadQuotesCsv();
  const data = analytics.data;
  const period = PERIODS.find((p) => p.value === days)?.label ?? `${String(days)} days`;
  return (
    <section className="analytics" aria-labelledby={headingId}>
      <div className="analytics__header">
        <h2 id={headingId} className="analytics__title">
          Your results
        </h2>
        <Segmented aria-label="Period" options={PERIODS} value={days} onChange={(value) => setDays(Number(value))} />
        <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate(days)}>
          {download.isPending ? 'Preparing CSV…' : 'Download CSV'}
        </Button>
      </div>
      {download.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="analytics__alert"
          title="The CSV could not be downloaded."
          description={problemOf(download.error)?.detail ?? 'Check your connection, then try again.'}
        />
      )}
      <PageState loading={analytics.isPending} failure={loadFailure('Your results', analytics)} rows={4}>
        {data && (
          <div className="analytics__body" aria-busy={analytics.isFetching}>
            <dl className="analytics__stats" aria-label={`Results for the last ${period}`}>
              {stats(data).map((stat) => (
                <div key={stat.label} className="analytics__stat">
                  <dt>{stat.label}</dt>
                  <dd>{stat.value}</dd>
                </div>
              ))}
            </dl>
            <p className="analytics__note">
              Cost per booking counts a credit at {formatCents(data.creditValueCents)}, the price per credit of the smallest credit pack.
            </p>
            <div className="analytics__charts">
              <Panel>
                <BarChart
                  title={`Leads, quotes and bookings by month, last ${period}`}
                  groupLabel="Month"
                  groups={data.byMonth.map((month) => formatMonth(month.month))}
                  series={[
                    { name: 'Leads', values: data.byMonth.map((month) => month.leads) },
                    { name: 'Quotes sent', values: data.byMonth.map((month) => month.quotesSent) },
                    { name: 'Bookings', values: data.byMonth.map((month) => month.bookings) },
                  ]}
                />
              </Panel>
              <Panel>
                <BarChart
                  title={`Leads and bookings by category, last ${period}`}
                  groupLabel="Category"
                  groups={data.leadsByCategory.map((category) => category.label)}
                  series={[
                    { name: 'Leads', values: data.leadsByCategory.map((category) => category.leads) },
                    { name: 'Bookings', values: data.leadsByCategory.map((category) => category.bookings) },
                  ]}
                />
              </Panel>
            </div>
            <div className="analytics__cards">
              {data.peers && (
                <Panel title={<h3 className="dashboard-widget__title">How you compare</h3>}>
                  <Compare peers={data.peers} />
                </Panel>
              )}
              <Panel title={<h3 className="dashboard-widget__title">What to do next</h3>}>
                {data.hints.length > 0 ? (
                  <ul className="analytics__list">
                    {data.hints.map((hint) => (
                      <li key={hint.id}>
                        <Link to={hint.path}>{hint.text}</Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>Nothing for now: your profile is complete and every match is answered.</p>
                )}
              </Panel>
            </div>
          </div>
        )}
      </PageState>
    </section>
  );
}
