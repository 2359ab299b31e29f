import { Card, Empty, List, Tag } from 'antd';
import { loadFailure, PageState } from '../../components/page-state';
import { useBlackoutDates } from './api/get-blackout-dates';
import { dayCount, dayRange } from './calendar-days';
import { RemoveBlockButton } from './remove-block-button';

/** The blocks that have not ended yet, earliest first, each removable after a confirmation. */
export function UpcomingBlocksCard() {
  const query = useBlackoutDates();
  const { data: blocks, isError } = query;

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
          <List.Item actions={[<RemoveBlockButton key="remove" block={block} type="link" />]}>
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
