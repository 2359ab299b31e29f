import { Card, Timeline, Typography } from 'antd';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { historyItems } from '../quote-detail-status';
import { formatMoment } from '../quote-detail-time';

/** The quote's status history, oldest first, as a timeline. */
export function QuoteDetailHistory({ history }: { history: QuoteDetail['history'] }) {
  const items = historyItems(history);
  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">History</h3>}>
      {items.length === 0 ? (
        <Typography.Text type="secondary">Nothing has happened yet.</Typography.Text>
      ) : (
        <Timeline
          className="quote-detail__history"
          items={items.map((item) => ({
            key: item.key,
            color: item.color,
            content: (
              <div className="quote-detail__event">
                <Typography.Text strong>{item.title}</Typography.Text>
                {item.note && <Typography.Text className="quote-detail__event-note">{item.note}</Typography.Text>}
                <Typography.Text type="secondary" className="quote-detail__event-time">
                  <time dateTime={new Date(item.at).toISOString()}>{formatMoment(item.at)}</time>
                </Typography.Text>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
