import { Card } from 'antd';
import { PageFrame } from '../../components/page-frame';
import { AvailabilityCalendar } from './availability-calendar';
import { BlockDaysCard } from './block-days-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { ImportCalendarCard } from './import-calendar-card';
import { UpcomingBlocksCard } from './upcoming-blocks-card';
import './availability.css';

/** `/blackout-dates`: the month calendar of blocked and booked days, blocking days, the upcoming blocks, the iCal feed and importing an .ics file. */
export default function BlackoutDatesPage() {
  return (
    <PageFrame title="Blackout dates" intro="Block the days you cannot take on another event: new requests for those days go to other vendors.">
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
    </PageFrame>
  );
}
