import { CheckCircleFilled, LeftOutlined, RightOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Calendar, Grid, Spin, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { loadFailure, PageState } from '../../components/page-state';
import { usePathOf } from '../../lib/router/use-path-of';
import { useAvailability } from './api/get-availability';
import { longDay, marksByDay, type DayMarks } from './calendar-days';
import { DayDialog } from './day-dialog';

const ISO = 'YYYY-MM-DD';

/** Keys that move the focused day, and by how many days (left and right swap when the page reads right to left). */
function stepOf(key: string, rtl: boolean): number | null {
  switch (key) {
    case 'ArrowLeft':
      return rtl ? 1 : -1;
    case 'ArrowRight':
      return rtl ? -1 : 1;
    case 'ArrowUp':
      return -7;
    case 'ArrowDown':
      return 7;
    default:
      return null;
  }
}

/** What a day says to a screen reader: its date, then its blocks and bookings. */
function labelOf(day: string, marks: DayMarks | undefined, today: string): string {
  const parts = [longDay(day)];
  if (day === today) parts.push('today');
  for (const block of marks?.blocks ?? []) parts.push(block.note ? `blocked: ${block.note}` : 'blocked');
  for (const booking of marks?.bookings ?? []) parts.push(`booked: ${booking.customerName}, ${booking.categoryLabel}`);
  return parts.join(', ');
}

/**
 * The month calendar: blocked days tinted and marked with a stop sign, booked days with a tick
 * (and, on wide screens, their notes and couples written in the day). A day opens its dialog
 * (block it, or see and remove what is there) by click, or from the keyboard: the arrows move
 * between days, Page Up and Page Down between months, Enter opens.
 */
export function AvailabilityCalendar() {
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.md);
  const { token } = theme.useToken();
  const pathOf = usePathOf();
  const today = dayjs().format(ISO);
  const [focusDay, setFocusDay] = useState(today);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const month = dayjs(focusDay).startOf('month');
  const from = month.subtract(7, 'day').format(ISO);
  const to = month.endOf('month').add(14, 'day').format(ISO);
  const availability = useAvailability(from, to);
  const { data, isFetching } = availability;
  const marks = marksByDay(data, from, to);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const moveTo = (day: Dayjs, focus: boolean) => {
    moveFocus.current = focus;
    setFocusDay(day.format(ISO));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.dataset.day) return;
    const current = dayjs(target.dataset.day);
    const step = stepOf(event.key, getComputedStyle(target).direction === 'rtl');
    let next: Dayjs | null = step === null ? null : current.add(step, 'day');
    if (event.key === 'PageUp') next = current.subtract(1, 'month');
    if (event.key === 'PageDown') next = current.add(1, 'month');
    if (!next) return;
    event.preventDefault();
    moveTo(next, true);
  };

  const renderDay = (date: Dayjs) => {
    const day = date.format(ISO);
    const dayMarks = marks.get(day);
    const blocked = Boolean(dayMarks?.blocks.length);
    const booked = Boolean(dayMarks?.bookings.length);
    const outside = date.month() !== month.month();
    const classes = [
      'availability-day',
      wide ? 'availability-day--wide' : '',
      blocked ? 'availability-day--blocked' : '',
      booked ? 'availability-day--booked' : '',
      day === today ? 'availability-day--today' : '',
    ];
    return (
      <button
        type="button"
        className={classes.filter(Boolean).join(' ')}
        data-day={day}
        tabIndex={day === focusDay ? 0 : -1}
        aria-label={labelOf(day, dayMarks, today)}
        aria-current={day === today ? 'date' : undefined}
        style={{
          color: outside || day < today ? token.colorTextSecondary : token.colorText,
          background: blocked ? token.colorErrorBg : booked ? token.colorSuccessBg : undefined,
          borderColor: blocked ? token.colorErrorBorder : booked ? token.colorSuccessBorder : token.colorBorderSecondary,
          outlineColor: token.colorPrimary,
        }}
      >
        <span className="availability-day__top" aria-hidden="true">
          <span className="availability-day__number">{date.date()}</span>
          <span className="availability-day__icons">
            {blocked && <StopOutlined style={{ color: token.colorErrorText }} />}
            {booked && <CheckCircleFilled style={{ color: token.colorSuccessText }} />}
          </span>
        </span>
        {wide && (
          <span className="availability-day__lines" aria-hidden="true">
            {dayMarks?.bookings.map((booking) => (
              <span key={booking.quoteId}>Booked: {booking.customerName}</span>
            ))}
            {dayMarks?.blocks.map((block) => (
              <span key={block.id}>{block.note || 'Blocked'}</span>
            ))}
          </span>
        )}
      </button>
    );
  };

  return (
    <div className="availability-calendar">
      <div className="availability-calendar__header">
        <Button icon={<LeftOutlined />} aria-label="Previous month" onClick={() => moveTo(dayjs(focusDay).subtract(1, 'month'), false)} />
        <Typography.Title level={3} className="availability-calendar__month" aria-live="polite">
          {month.format('MMMM YYYY')}
        </Typography.Title>
        <Button icon={<RightOutlined />} aria-label="Next month" onClick={() => moveTo(dayjs(focusDay).add(1, 'month'), false)} />
        <Button onClick={() => moveTo(dayjs(), false)}>Today</Button>
      </div>
      <PageState failure={loadFailure('The calendar', availability)} />
      <Spin spinning={isFetching && !data}>
        <div ref={gridRef} onKeyDown={onKeyDown} role="presentation">
          {/* A new month mounts a new grid: the panel would otherwise redraw the old cells with
              the new month's days, under a focus that stays on the same element. */}
          <Calendar
            key={month.format('YYYY-MM')}
            fullscreen={wide}
            value={dayjs(focusDay)}
            headerRender={() => null}
            onSelect={(date, info) => {
              if (info.source !== 'date') return;
              setFocusDay(date.format(ISO));
              setOpenDay(date.format(ISO));
            }}
            fullCellRender={(date, info) => (info.type === 'date' ? renderDay(date) : info.originNode)}
          />
        </div>
      </Spin>
      <div className="availability-calendar__legend">
        <span>
          <StopOutlined style={{ color: token.colorErrorText }} /> Blocked
        </span>
        <span>
          <CheckCircleFilled style={{ color: token.colorSuccessText }} /> Booked
        </span>
        <Link to={pathOf('accepted-quotes')}>See your bookings</Link>
      </div>
      <DayDialog day={openDay} marks={openDay ? marks.get(openDay) : undefined} today={today} onClose={() => setOpenDay(null)} />
    </div>
  );
}
