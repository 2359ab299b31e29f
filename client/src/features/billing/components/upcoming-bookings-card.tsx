import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { UpcomingBooking } from '../../../../../shared/contracts/marketplace';
import { loadFailure, PageState } from '../../../components/page-state';
import { useConfig } from '../../../lib/config/config-context';
import { formatDay } from '../../../lib/format/format-day';
import { useUpcomingBookings } from '../api/get-upcoming-bookings';
import '../upcoming-bookings.css';

/** How a booked couple is reached: their email and phone as links a phone can call or write from. */
function CoupleContact({ customer }: { customer: UpcomingBooking['customer'] }) {
  if (!customer.email && !customer.phone) return null;
  return (
    <ul className="upcoming-bookings__contact">
      {customer.phone && (
        <li>
          <a href={`tel:${customer.phone.replace(/[^+\d]/g, '')}`}>
            <PhoneOutlined aria-hidden />
            <span className="visually-hidden">Phone: </span>
            {customer.phone}
          </a>
        </li>
      )}
      {customer.email && (
        <li>
          <a href={`mailto:${customer.email}`}>
            <MailOutlined aria-hidden />
            <span className="visually-hidden">Email: </span>
            {customer.email}
          </a>
        </li>
      )}
    </ul>
  );
}

/**
 * The couples a vendor is booked with from today on, soonest first, each with the day, what was
 * booked and where, and their phone and email: a vendor locked on update-payment-method by a failed
 * payment cannot open the quote pages, but still has weddings to do (issue 24). The rest beyond
 * the server's first ten are only counted, since nothing else is reachable while locked.
 */
export function UpcomingBookingsCard() {
  const { categories } = useConfig();
  const bookings = useUpcomingBookings();
  const answer = bookings.data;
  const more = answer?.more ?? 0;
  return (
    <section aria-labelledby="upcoming-bookings-title">
      <Card
        className="billing__card"
        title={
          <h3 id="upcoming-bookings-title" className="billing__card-title">
            Your upcoming bookings
          </h3>
        }
      >
        <PageState
          failure={loadFailure('Your upcoming bookings', bookings)}
          loading={!answer}
          rows={3}
          skeletonTitle={false}
          empty={answer && answer.data.length === 0 && more === 0 ? 'You have no upcoming bookings.' : undefined}
        >
          <Typography.Paragraph type="secondary">While the dashboard is paused you can still reach the couples you are booked with.</Typography.Paragraph>
          <ul className="upcoming-bookings">
            {answer?.data.map((booking) => (
              <li key={booking.quoteId} className="upcoming-bookings__item">
                <p className="upcoming-bookings__date">{formatDay(booking.eventDate)}</p>
                <h4 className="upcoming-bookings__name">{booking.customer.name}</h4>
                <Typography.Text type="secondary">
                  {categories.find((category) => category.id === booking.category)?.label ?? booking.category}
                  {booking.location ? ` · ${booking.location}` : ''}
                </Typography.Text>
                <CoupleContact customer={booking.customer} />
              </li>
            ))}
          </ul>
          {more > 0 && (
            <Typography.Paragraph className="upcoming-bookings__more">
              {more === 1 ? '1 more booking follows' : `${more.toLocaleString('en-US')} more bookings follow`} after these. You can see every booking again once
              the payment goes through.
            </Typography.Paragraph>
          )}
        </PageState>
      </Card>
    </section>
  );
}
