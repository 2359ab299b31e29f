import { Card, Typography } from 'antd';
import { AvailabilityCalendar } from './availability-calendar';
import { BlockDaysCard } from './block-days-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { ImportCalendarCard } from './import-calendar-card';
import { UpcomingBlocksCard } from './upcoming-blocks-card';
import './availability.css';

/** `/blackout-dates`: the month calendar of blocked and booked days, blocking days, the upcoming blocks, the iCal feed and importing an .ics file. */
export default function BlackoutDatesPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        Blackout dates
      </Typography.Title>
      <Typography.Paragraph type="secondary">Block the days you cannot take on another event: new requests for those days go to other vendors.</Typography.Paragraph>
      <div className="availability-page">
        <Card title="Calendar" className="availability-page__calendar">
          <AvailabilityCalendar />
        </Card>
        <div className="availability-page__side">
          <BlockDaysCard />
          <UpcomingBlocksCard />
        </div>
        <CalendarFeedCard />
        <ImportCalendarCard />
      </div>
    </section>
  );
}
