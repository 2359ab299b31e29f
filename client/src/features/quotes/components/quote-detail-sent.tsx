import { Alert, Card, Descriptions, Typography } from 'antd';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { formatCents } from '../../../lib/format/format-cents';
import { FormAnswers } from '../../../lib/forms/form-answers';
import { creditCount } from '../quote-detail-cost';
import { closedReasonLabel } from '../quote-lists';
import { formatMoment } from '../quote-detail-time';

interface QuoteDetailSentProps {
  quote: QuoteDetail;
  /** Why the credits came back (the ledger's note), when they did. */
  refundReason: string | null;
}

/** A quote past its potential state, read-only: what was sent, why it closed, and whether its credits came back. */
export function QuoteDetailSent({ quote, refundReason }: QuoteDetailSentProps) {
  const sentAt = quote.history.find((event) => event.status === 'submitted')?.at;
  const quoted = quote.priceCents !== null;
  const facts = [
    ...(quote.priceCents !== null ? [{ key: 'price', label: 'Your price', children: formatCents(quote.priceCents) }] : []),
    ...(sentAt !== undefined ? [{ key: 'sent', label: 'Sent', children: formatMoment(sentAt) }] : []),
    ...(quote.status === 'closed' ? [{ key: 'closed', label: 'Closed because', children: closedReasonLabel(quote.closedReason) }] : []),
  ];
  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">{quoted ? 'The quote you sent' : 'Your answer'}</h3>}>
      {quote.refunded && (
        <Alert
          type="success"
          showIcon
          className="quote-detail__notice"
          title={`Refunded: the ${creditCount(quote.leadCost)} you spent on this quote ${quote.leadCost === 1 ? 'is' : 'are'} back in your balance.`}
          description={refundReason ?? undefined}
        />
      )}
      {!quoted && <Typography.Paragraph type="secondary">You did not quote this request. Nothing was spent on it.</Typography.Paragraph>}
      {facts.length > 0 && <Descriptions size="small" column={1} bordered items={facts} className="quote-detail__facts" />}
      {quote.message && (
        <>
          <Typography.Title level={4} className="quote-detail__subheading">
            Your message
          </Typography.Title>
          <Typography.Paragraph className="quote-detail__message">{quote.message}</Typography.Paragraph>
        </>
      )}
      {quote.quoteDetails && Object.keys(quote.quoteDetails).length > 0 && (
        <>
          <Typography.Title level={4} className="quote-detail__subheading">
            Your proposal
          </Typography.Title>
          <FormAnswers formId={`quote-${quote.category}`} data={quote.quoteDetails} />
        </>
      )}
    </Card>
  );
}
