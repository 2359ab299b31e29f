import { Button, Card, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { formatCents } from '../../../lib/format/format-cents';
import { formatDay } from '../../../lib/format/format-day';
import { QUOTE_STATUS } from '../quote-status';
import { FormAnswers } from '../../../lib/forms/form-answers';
import { QuoteConversation } from './quote-conversation';

export type CustomerQuote = CustomerRequest['quotes'][number];

interface QuoteCardProps {
  /** The couple's link: the conversation with the vendor goes through it. */
  token: string;
  quote: CustomerQuote;
  category: string;
  /** The request is open: a sent quote can be accepted or turned down. */
  answerable: boolean;
  busy: boolean;
  onAccept(): void;
  onReject(): void;
}

/** One vendor's quote: who, how much, their message and the quote form's answers, its status, and the customer's choices. */
export function QuoteCard({ token, quote, category, answerable, busy, onAccept, onReject }: QuoteCardProps) {
  const status = QUOTE_STATUS[quote.status];
  const name = quote.vendor.name;
  return (
    <li>
      <Card className="quote-card">
        <div className="quote-card__head">
          <Typography.Title level={3} className="quote-card__vendor">
            <Link to={quote.vendor.profilePath}>{name}</Link>
          </Typography.Title>
          <Tag color={status.color}>{status.label}</Tag>
        </div>
        {quote.priceCents !== null && (
          <Typography.Text className="quote-card__price">
            <span className="visually-hidden">Price: </span>
            {formatCents(quote.priceCents)}
          </Typography.Text>
        )}
        {quote.submittedAt !== null && (
          <Typography.Text type="secondary">Sent {formatDay(new Date(quote.submittedAt).toISOString().slice(0, 10))}</Typography.Text>
        )}
        {quote.message && <Typography.Paragraph className="quote-card__message customer-request__section">{quote.message}</Typography.Paragraph>}
        {quote.details && (
          <div className="quote-card__details">
            <FormAnswers formId={`quote-${category}`} data={quote.details} />
          </div>
        )}
        {quote.status === 'potential' && <Typography.Paragraph type="secondary">{name} is preparing a quote for you.</Typography.Paragraph>}
        {quote.status === 'accepted' && (
          <Typography.Paragraph className="customer-request__section">You booked {name}. They will be in touch to settle the details.</Typography.Paragraph>
        )}
        {answerable && quote.status === 'submitted' && (
          <div className="quote-card__actions">
            <Button type="primary" size="large" onClick={onAccept} disabled={busy} aria-label={`Accept the quote from ${name}`}>
              Accept
            </Button>
            <Button size="large" onClick={onReject} disabled={busy} aria-label={`Turn down the quote from ${name}`}>
              Turn down
            </Button>
          </div>
        )}
        <QuoteConversation token={token} quoteId={quote.id} vendorName={name} unread={quote.unread} />
      </Card>
    </li>
  );
}
