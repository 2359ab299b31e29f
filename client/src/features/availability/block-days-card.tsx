import { Button, Card, DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useToast } from '../../lib/toast/toast';
import { useAddBlackoutDates } from './api/add-blackout-dates';
import { dayRange } from './calendar-days';

interface Values {
  from?: Dayjs;
  to?: Dayjs;
  note?: string;
}

const ISO = 'YYYY-MM-DD';

const isPast = (date: Dayjs) => date.isBefore(dayjs(), 'day');

/** Enter in a date field confirms the date typed; it does not send the form with the fields after it still empty. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * Blocks a stretch of days: a first and a last day (each its own labelled picker, one month wide,
 * so it fits a phone) and a note. Without a last day, the first day alone is blocked.
 */
export function BlockDaysCard() {
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const first = Form.useWatch('from', form);
  const add = useAddBlackoutDates();

  const onFinish = async ({ from, to, note }: Values) => {
    if (!from) return;
    const body = { from: from.format(ISO), to: (to ?? from).format(ISO), ...(note?.trim() ? { note: note.trim() } : {}) };
    try {
      await add.mutateAsync(body);
      form.resetFields();
      void message.success(`${dayRange(body.from, body.to)} is blocked`);
    } catch (error) {
      const unplaced = applyServerErrors(form, error, ['from', 'to', 'note']);
      if (unplaced) void message.error(unplaced);
    }
  };

  return (
    <Card title="Block days">
      <Typography.Paragraph type="secondary">
        Pick a day on the calendar, or a stretch of days here. Couples' requests for blocked days do not reach you.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void onFinish(values)} name="block-days">
        <div className="block-days__dates">
          <Form.Item name="from" label="First day" rules={[{ required: true, message: 'Choose the first day to block' }]}>
            <DatePicker format={ISO} disabledDate={isPast} placeholder="YYYY-MM-DD" className="block-days__picker" onKeyDown={keepEnter} />
          </Form.Item>
          <Form.Item
            name="to"
            label="Last day"
            dependencies={['from']}
            extra="Leave empty to block one day."
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: Dayjs | undefined) => {
                  const start = getFieldValue('from') as Dayjs | undefined;
                  return !value || !start || !value.isBefore(start, 'day')
                    ? Promise.resolve()
                    : Promise.reject(new Error('The last day cannot be before the first'));
                },
              }),
            ]}
          >
            <DatePicker
              format={ISO}
              disabledDate={(date) => isPast(date) || Boolean(first && date.isBefore(first, 'day'))}
              defaultPickerValue={first}
              placeholder="YYYY-MM-DD"
              className="block-days__picker"
              onKeyDown={keepEnter}
            />
          </Form.Item>
        </div>
        <Form.Item name="note" label="Note (optional)" rules={[{ max: 200, message: 'Use at most 200 characters' }]}>
          <Input placeholder="Another wedding, family holiday…" maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Block days
        </Button>
      </Form>
    </Card>
  );
}
