import { Card, Empty, Typography } from 'antd';
import { useConfig } from '../../lib/config/config-context';
import { FormScreen } from '../../lib/forms/form-screen';
import { fillMergeFields } from '../../../../shared/forms/fill-merge-fields';
import { useSessionVendor } from '../../lib/session/use-session';
import { CompulsoryScreenNotice } from './compulsory-screen-notice';
import { useRouteForm } from './use-route-form';

const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

function nextSaturday(): string {
  const date = new Date();
  date.setDate(date.getDate() + ((6 - date.getDay() + 7) % 7 || 7) + 60);
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

/** `/auto-response/<slug>`: the instant reply to new requests, with a live preview of what a customer reads. */
export default function AutoResponsePage() {
  const screen = useRouteForm();
  const { categories } = useConfig();
  const category = categories.find((c) => c.id === screen.route?.category);
  const vendor = useSessionVendor();
  const data = screen.data ?? {};
  const enabled = data.enabled !== false;
  const message = typeof data.message === 'string' ? data.message : '';
  const startingPrice = typeof data.starting_price === 'number' ? data.starting_price : null;

  const preview = (
    <Card title="Preview" className="form-screen__aside" aria-live="polite">
      {!enabled || !message ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={enabled ? 'Write a message to see it here.' : 'Auto-response is off: new requests get no instant reply.'}
        />
      ) : (
        <div data-testid="auto-response-preview">
          <Typography.Text type="secondary">To: Jordan Avery</Typography.Text>
          <Typography.Paragraph className="preview__message">
            {fillMergeFields(message, {
              customer_name: 'Jordan',
              event_date: nextSaturday(),
              category: category?.serviceName ?? 'event',
              guests: '120',
              location: 'Austin, TX',
              business_name: typeof vendor?.business_name === 'string' ? vendor.business_name : 'your business',
            })}
          </Typography.Paragraph>
          {startingPrice !== null && <Typography.Paragraph strong>Packages start at {price.format(startingPrice)}.</Typography.Paragraph>}
        </div>
      )}
    </Card>
  );
  return <FormScreen screen={screen} aside={preview} intro={<CompulsoryScreenNotice kind="auto-response" />} />;
}
