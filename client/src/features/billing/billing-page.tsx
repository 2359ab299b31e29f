import { Alert } from 'antd';
import { LinkButton } from '../../components/link-button';
import { usePathOf } from '../../lib/router/use-path-of';
import { PageState } from '../../components/page-state';
import { BillingFrame } from './components/billing-frame';
import { BillingSummaryCard } from './components/billing-summary-card';
import { InvoicesCard } from './components/invoices-card';
import { LedgerCard } from './components/ledger-card';
import { PaymentMethodCard } from './components/payment-method-card';
import { usePlansAndBilling } from './plans-and-billing';
import './billing.css';

/** `/billing` (owner): the plan and its state, the card, the invoices with their receipts, and the credits ledger with its running balance. */
export default function BillingPage() {
  const { loaded, failure } = usePlansAndBilling();
  const pathOf = usePathOf();
  const title = 'Billing';
  if (!loaded)
    return (
      <BillingFrame title={title}>
        <PageState failure={failure} loading />
      </BillingFrame>
    );
  const current = loaded.billing;
  return (
    <BillingFrame title={title}>
      {current.status === 'payment_failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="billing__notice"
          title="Your last payment failed"
          action={<LinkButton to={pathOf('update-payment-method')}>Update payment method</LinkButton>}
        />
      )}
      <div className="billing__grid">
        <BillingSummaryCard billing={current} plans={loaded.plans} />
        <PaymentMethodCard billing={current} />
      </div>
      <InvoicesCard />
      <LedgerCard />
    </BillingFrame>
  );
}
