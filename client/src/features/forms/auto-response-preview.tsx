import { Card, Empty, Typography } from 'antd';
import type { Category } from '../../../../shared/contracts/category';
import { firstName } from '../../../../shared/marketplace/first-name';
import { formatEventDate } from '../../../../shared/marketplace/format-event-date';
import { renderAutoResponse } from '../../../../shared/marketplace/render-auto-response';

/** The couple the preview writes to: no real one is known until a request matches. */
export const SAMPLE_COUPLE = { name: 'Jordan Avery', email: 'jordan.avery@example.com' };

/** The sample couple's event: a Saturday about two months after `today`, 120 guests in Austin, TX. */
export function sampleEvent(today: Date): { date: string; guests: number; location: string } {
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 60));
  date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7));
  return { date: date.toISOString().slice(0, 10), guests: 120, location: 'Austin, TX' };
}

interface AutoResponsePreviewProps {
  /** The form as the vendor has it now, saved or not. */
  data: Record<string, unknown>;
  category: Pick<Category, 'serviceName' | 'priceLine'> | undefined;
  businessName: string;
  today?: Date;
}

/**
 * The mail a couple gets when a request matches, exactly as it is sent (the server renders it
 * with the same `renderAutoResponse`), written to a sample couple.
 */
export function AutoResponsePreview({ data, category, businessName, today = new Date() }: AutoResponsePreviewProps) {
  // The switch is on until the vendor turns it off (the form's default), saved or not.
  const enabled = data.enabled !== false;
  const event = sampleEvent(today);
  const response = enabled && category ? renderAutoResponse({ saved: { ...data, enabled }, category, businessName, couple: SAMPLE_COUPLE, event }) : null;
  return (
    <Card title="Preview: the email a couple gets" className="form-screen__aside" aria-live="polite">
      {!response ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={enabled ? 'Write a message to see it here.' : 'Auto-response is off: new requests get no instant reply.'}
        />
      ) : (
        <article className="mail-preview" data-testid="auto-response-preview" aria-label="The email">
          <dl className="mail-preview__head">
            <div>
              <dt>To</dt>
              <dd data-testid="auto-response-preview-to">{response.mail.to}</dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd data-testid="auto-response-preview-subject">{response.mail.subject}</dd>
            </div>
          </dl>
          <div data-testid="auto-response-preview-body">
            <p>{response.mail.greeting}</p>
            <p>{response.mail.lead}</p>
            <p className="preview__message">{response.mail.body}</p>
          </div>
          <span className="mail-preview__action">{response.mail.action}</span>
        </article>
      )}
      <Typography.Paragraph type="secondary" className="mail-preview__sample">
        Written to a sample couple, {firstName(SAMPLE_COUPLE.name)}: {event.guests} guests in {event.location} on {formatEventDate(event.date)}.
      </Typography.Paragraph>
    </Card>
  );
}
