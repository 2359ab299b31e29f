import { Card, Descriptions, Typography } from 'antd';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { formatCents } from '../../../lib/format/format-cents';
import { formatDay } from '../../../lib/format/format-day';
import { FormAnswers } from '../../../lib/forms/form-answers';
import { formatMoment } from '../quote-detail-time';

/** "Only you", "4 vendors, you included": how many businesses got the request. */
export function competitorsText(competitors: number): string {
  return competitors <= 1 ? 'Only you' : `${String(competitors)} vendors, you included`;
}

/** What the couple asked for, read-only: the event, the budget, who else got it, and their answers to the category's request form. */
export function QuoteDetailRequest({ quote }: { quote: QuoteDetail }) {
  const items = [
    { key: 'date', label: 'Event date', children: formatDay(quote.eventDate) },
    { key: 'place', label: 'Location', children: quote.location },
    { key: 'guests', label: 'Guests', children: quote.guests.toLocaleString('en-US') },
    { key: 'budget', label: 'Budget', children: quote.budgetCents === null ? 'Not given' : formatCents(quote.budgetCents) },
    { key: 'sent', label: 'Sent to', children: competitorsText(quote.competitors) },
    { key: 'received', label: 'Received', children: formatMoment(quote.createdAt) },
  ];
  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">The request</h3>}>
      <Descriptions size="small" column={1} bordered items={items} className="quote-detail__facts" />
      <Typography.Title level={4} className="quote-detail__subheading">
        Their answers
      </Typography.Title>
      <FormAnswers formId={`request-${quote.category}`} data={quote.details} emptyText="They left these questions unanswered." />
    </Card>
  );
}
