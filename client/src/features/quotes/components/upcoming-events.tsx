import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { QuoteSummary } from '../../../../../shared/contracts/marketplace';
import { useConfig } from '../../../lib/config/config-context';
import { formatDay } from '../../../lib/format/format-day';
import { useQuotePath } from '../../../lib/router/use-quote-path';

/** The next booked events, soonest first, each linking to its quote. */
export function UpcomingEvents({ upcoming, allPath }: { upcoming: QuoteSummary['upcoming']; allPath: string }) {
  const { categories } = useConfig();
  const quotePath = useQuotePath();
  if (upcoming.length === 0) {
    return (
      <Typography.Paragraph type="secondary">
        No upcoming events booked yet. When a couple accepts one of your quotes, the event shows here.
      </Typography.Paragraph>
    );
  }
  return (
    <>
      <ul className="upcoming-events">
        {upcoming.map((event) => {
          const path = quotePath({ id: event.id, category: event.category });
          const label = categories.find((category) => category.id === event.category)?.label ?? event.category;
          return (
            <li key={event.id} className="upcoming-events__item">
              <span className="upcoming-events__date">{formatDay(event.eventDate)}</span>
              <span>
                {path ? <Link to={path}>{event.customerName}</Link> : event.customerName}
                <Typography.Text type="secondary">
                  {' '}
                  · {label} · {event.location}
                </Typography.Text>
              </span>
            </li>
          );
        })}
      </ul>
      <Typography.Paragraph className="dashboard-widget__link">
        <Link to={allPath}>See all bookings</Link>
      </Typography.Paragraph>
    </>
  );
}
