import { Button, Card, Empty, List, Popconfirm, Tag } from 'antd';
import type { Blackout } from '../../../../shared/contracts/marketplace';
import { loadFailure, PageState } from '../../components/page-state';
import { problemOf } from '../../lib/forms/server-errors';
import { useToast } from '../../lib/toast/toast';
import { useBlackoutDates } from './api/get-blackout-dates';
import { useRemoveBlackoutDates } from './api/remove-blackout-dates';
import { dayCount, dayRange } from './calendar-days';

/** The blocks that have not ended yet, earliest first, each removable after a confirmation. */
export function UpcomingBlocksCard() {
  const message = useToast();
  const query = useBlackoutDates();
  const { data: blocks, isError } = query;
  const remove = useRemoveBlackoutDates();

  const onRemove = async (block: Blackout) => {
    try {
      await remove.mutateAsync(block.id);
      void message.success(`${dayRange(block.from, block.to)} is open for requests again`);
    } catch (error) {
      void message.error(problemOf(error)?.detail ?? 'The block could not be removed. Try again.');
    }
  };

  return (
    <Card title="Upcoming blocks">
      <PageState failure={loadFailure('The blocks', query)} />
      <List
        className="upcoming-blocks"
        loading={!blocks && !isError}
        dataSource={blocks ?? []}
        pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No upcoming blocks. Pick days on the calendar to block them." /> }}
        renderItem={(block) => (
          <List.Item
            actions={[
              <Popconfirm
                key="remove"
                title="Remove this block?"
                description={`${dayRange(block.from, block.to)} will take requests again.`}
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => onRemove(block)}
              >
                <Button type="link" danger aria-label={`Remove the block of ${dayRange(block.from, block.to)}`}>
                  Remove
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={dayRange(block.from, block.to)}
              description={
                <>
                  {dayCount(block.from, block.to)}
                  {block.note && ` · ${block.note}`} {block.source === 'import' && <Tag>Imported</Tag>}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
