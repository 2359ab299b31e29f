import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { useId, useRef } from 'react';
import type { InputRef } from 'antd';
import { problemOf } from '../../lib/forms/server-errors';
import { useToast } from '../../lib/toast/toast';
import { useCalendarFeed } from './api/get-calendar-feed';
import { useResetCalendarFeed } from './api/reset-calendar-feed';

/** The secret link of the iCal feed (blocks and booked events) to subscribe to from a calendar app, with copy and reset. */
export function CalendarFeedCard() {
  const message = useToast();
  const inputId = useId();
  const input = useRef<InputRef>(null);
  const { data: feed, isError } = useCalendarFeed();
  const reset = useResetCalendarFeed();

  const onCopy = async () => {
    if (!feed) return;
    try {
      await navigator.clipboard.writeText(feed.url);
      void message.success('Calendar link copied');
    } catch {
      input.current?.select();
      void message.info('Press Ctrl+C (⌘C on a Mac) to copy the selected link');
    }
  };

  const onReset = async () => {
    try {
      await reset.mutateAsync();
      void message.success('New calendar link made. Subscribe to it again in your calendar app.');
    } catch (error) {
      void message.error(problemOf(error)?.detail ?? 'The link could not be reset. Try again.');
    }
  };

  return (
    <Card title="Calendar feed">
      <Typography.Paragraph type="secondary">
        See your blocked days and booked events in Google Calendar, Outlook or Apple Calendar: subscribe to this link (in Google Calendar, Other calendars →
        From URL; in Outlook, Add calendar → Subscribe from web). Keep it private: anyone with the link sees those days and your couples' names.
      </Typography.Paragraph>
      <label htmlFor={inputId} className="calendar-feed__label">
        Calendar feed link
      </label>
      <Space.Compact className="calendar-feed__row">
        <Input
          id={inputId}
          ref={input}
          readOnly
          value={feed?.url ?? ''}
          placeholder={isError ? 'The link could not be loaded' : 'Loading…'}
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void onCopy()} disabled={!feed}>
          Copy link
        </Button>
      </Space.Compact>
      <Popconfirm
        title="Reset the calendar link?"
        description="Calendars subscribed to the current link stop updating. You subscribe again with the new one."
        okText="Reset link"
        okButtonProps={{ danger: true }}
        onConfirm={() => onReset()}
      >
        <Button icon={<ReloadOutlined />} className="calendar-feed__reset" loading={reset.isPending} disabled={!feed}>
          Reset link
        </Button>
      </Popconfirm>
    </Card>
  );
}
