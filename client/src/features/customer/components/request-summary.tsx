import { Card, Descriptions, Typography } from 'antd';
import type { CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { formatCents } from '../../../lib/format/format-cents';
import { formatDay } from '../../../lib/format/format-day';
import { FormAnswers } from '../../../lib/forms/form-answers';

/** "3 vendors", "1 vendor". */
export function vendorCount(count: number): string {
  return `${count} ${count === 1 ? 'vendor' : 'vendors'}`;
}

/** What the customer asked for: the category, the event, the budget, who got it, and their answers to the category's questions. */
export function RequestSummary({ request, categoryLabel }: { request: CustomerRequest; categoryLabel: string }) {
  const items = [
    { key: 'category', label: 'Looking for', children: categoryLabel },
    { key: 'date', label: 'Date', children: formatDay(request.eventDate) },
    { key: 'place', label: 'Place', children: request.location },
    { key: 'guests', label: 'Guests', children: request.guests.toLocaleString('en-US') },
    { key: 'budget', label: 'Budget', children: request.budgetCents === null ? 'Not given' : formatCents(request.budgetCents) },
    { key: 'sent', label: 'Sent to', children: request.matching ? 'Finding vendors…' : vendorCount(request.matched) },
  ];
  return (
    <Card className="customer-request__section">
      <Typography.Title level={2} className="customer-request__heading">
        What you asked for
      </Typography.Title>
      <Descriptions size="small" column={1} bordered items={items} />
      <Typography.Title level={3} className="customer-request__heading customer-request__section">
        Your answers
      </Typography.Title>
      <FormAnswers formId={`request-${request.category}`} data={request.details} emptyText="You left these questions unanswered." />
    </Card>
  );
}
