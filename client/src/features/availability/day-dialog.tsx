import { Button, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useToast } from '../../lib/toast/toast';
import { useAddBlackoutDates } from './api/add-blackout-dates';
import { dayRange, longDay, type DayMarks } from './calendar-days';
import { RemoveBlockButton } from './remove-block-button';

interface Props {
  /** The day open (`YYYY-MM-DD`), or null when the dialog is closed. */
  day: string | null;
  marks: DayMarks | undefined;
  today: string;
  onClose(): void;
}

/** A day of the calendar: the events booked on it, its blocks (each removable), and, for a free day to come, blocking it with a note. */
export function DayDialog({ day, marks, today, onClose }: Props) {
  const message = useToast();
  const [form] = Form.useForm<{ note?: string }>();
  const add = useAddBlackoutDates();
  const blocks = marks?.blocks ?? [];
  const bookings = marks?.bookings ?? [];
  const canBlock = day !== null && day >= today && blocks.length === 0;

  const onBlock = async ({ note }: { note?: string }) => {
    if (!day) return;
    try {
      await add.mutateAsync({ from: day, to: day, ...(note?.trim() ? { note: note.trim() } : {}) });
      void message.success(`${dayRange(day, day)} is blocked`);
      onClose();
    } catch (error) {
      const note = applyServerErrors(form, error, ['note']);
      if (note) void message.error(note);
    }
  };

  return (
    <Modal
      open={day !== null}
      title={day ? longDay(day) : ''}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {bookings.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>Booked</Typography.Text>}
          dataSource={bookings}
          renderItem={(booking) => (
            <List.Item>
              {booking.customerName}, {booking.categoryLabel} {booking.status === 'completed' && <Tag>Completed</Tag>}
            </List.Item>
          )}
        />
      )}
      {blocks.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>Blocked</Typography.Text>}
          dataSource={blocks}
          renderItem={(block) => (
            <List.Item actions={[<RemoveBlockButton key="remove" block={block} onRemoved={onClose} />]}>
              <List.Item.Meta title={block.note || 'Blocked'} description={dayRange(block.from, block.to)} />
            </List.Item>
          )}
        />
      )}
      {canBlock && (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void onBlock(values)}>
          <Typography.Paragraph type="secondary">Block this day and couples' requests for it will not reach you.</Typography.Paragraph>
          <Form.Item name="note" label="Note (optional)" rules={[{ max: 200, message: 'Use at most 200 characters' }]}>
            <Input placeholder="Another wedding, family holiday…" maxLength={200} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            Block this day
          </Button>
        </Form>
      )}
      {!canBlock && blocks.length === 0 && bookings.length === 0 && <Typography.Paragraph type="secondary">This day has passed.</Typography.Paragraph>}
    </Modal>
  );
}
