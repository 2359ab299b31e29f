import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import type { Billing } from '../../../../../shared/contracts/billing';
import { useToast } from '../../../lib/toast/toast';
import { CardForm } from './card-form';
import { CardSummary } from './card-summary';

/** The card on file, and its replacement in place (update-payment-method is reachable only while a payment has failed). */
export function PaymentMethodCard({ billing }: { billing: Billing }) {
  const [replacing, setReplacing] = useState(false);
  const toast = useToast();
  const card = billing.paymentMethod;
  return (
    <Card className="billing__card" title={<h3 className="billing__card-title">Card</h3>}>
      <Typography.Paragraph>{card ? <CardSummary card={card} /> : 'There is no card on file yet.'}</Typography.Paragraph>
      {replacing ? (
        <CardForm
          id="replace-card"
          submitLabel="Save card"
          onCancel={() => setReplacing(false)}
          onSaved={() => {
            setReplacing(false);
            void toast.success('Card saved. We charge it from now on.');
          }}
        />
      ) : (
        <Button onClick={() => setReplacing(true)}>{card ? 'Replace card' : 'Add a card'}</Button>
      )}
    </Card>
  );
}
