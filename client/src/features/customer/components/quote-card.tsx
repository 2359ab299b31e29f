import { Button, Card, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { formatCents } from '../../../lib/format/format-cents';
import { formatDay } from '../../../lib/format/format-day';
import { QUOTE_STATUS } from '../quote-status';
import { FormAnswers } from '../../../lib/forms/form-answers';
import { QuoteConversation } from './quote-conversation';
import { QuoteReview } from './quote-review';

export type CustomerQuote = CustomerRequest['quotes'][number];

/** A match its vendor has not opened yet. */
const WAITING = { label: 'Waiting for the vendor', color: 'default' };

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
  const status = quote.status === 'potential' && !quote.vendorOpened ? WAITING : QUOTE_STATUS[quote.status];
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
        {quote.status === 'potential' && (
          <Typography.Paragraph type="secondary">
            {quote.vendorOpened ? `${name} is preparing a quote for you.` : `Waiting for ${name} to read your request.`}
          </Typography.Paragraph>
        )}
        {(quote.status === 'accepted' || quote.status === 'completed') && (
          <div className="customer-request__section">
            <Typography.Paragraph>
              {quote.status === 'accepted' ? `You booked ${name}. They will be in touch to settle the details.` : `${name} was your vendor.`}
            </Typography.Paragraph>
            {quote.vendor.contact && (quote.vendor.contact.phone || quote.vendor.contact.email) && (
              <dl className="quote-card__contact" aria-label={`How to reach ${name}`}>
                {quote.vendor.contact.phone && (
                  <>
                    <dt>Phone</dt>
                    <dd>
                      <a href={`tel:${quote.vendor.contact.phone.replace(/[^+0-9]/g, '')}`}>{quote.vendor.contact.phone}</a>
                    </dd>
                  </>
                )}
                {quote.vendor.contact.email && (
                  <>
                    <dt>Email</dt>
                    <dd>
                      <a href={`mailto:${quote.vendor.contact.email}`}>{quote.vendor.contact.email}</a>
                    </dd>
                  </>
                )}
              </dl>
            )}
          </div>
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
        {quote.status === 'completed' && <QuoteReview token={token} quoteId={quote.id} vendorName={name} />}
        <QuoteConversation token={token} quoteId={quote.id} vendorName={name} unread={quote.unread} />
      </Card>
    </li>
  );
}
