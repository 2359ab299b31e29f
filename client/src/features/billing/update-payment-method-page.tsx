import { Alert, Button, Card, Descriptions, Result, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkButton } from '../../components/link-button';
import type { Billing, Invoice } from '../../../../shared/contracts/billing';
import { useAppAbility } from '../../lib/ability/ability-context';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSignOut } from '../../lib/router/use-sign-out';
import { refreshVendor, sessionKeys } from '../../lib/session/use-vendor-refresh';
import { useSessionVendor } from '../../lib/session/use-session';
import { useToast } from '../../lib/toast/toast';
import { useBilling } from './api/get-billing';
import { usePlans } from './api/get-plans';
import { formatDate, formatPeriod } from './billing-dates';
import { money } from './billing-money';
import { billingLoadFailure } from './billing-problem';
import { PageState } from '../../components/page-state';
import { BillingFrame } from './components/billing-frame';
import { CardForm } from './components/card-form';
import { CardSummary } from './components/card-summary';
import { UpcomingBookingsCard } from './components/upcoming-bookings-card';
import './billing.css';

const TITLE = 'Update payment method';

/** A team member locked here: only the owner can fix the card; they can check again once it is done. */
function TeamMemberNotice() {
  const vendor = useSessionVendor();
  const client = useQueryClient();
  const signOut = useSignOut();
  const [checking, setChecking] = useState(false);
  const business = typeof vendor?.business_name === 'string' && vendor.business_name ? vendor.business_name : 'your business';
  const checkAgain = async () => {
    setChecking(true);
    try {
      // A fresh vendor record runs the guard again: once the payment is fixed it lets everyone in.
      await client.refetchQueries({ queryKey: sessionKeys.me });
    } finally {
      setChecking(false);
    }
  };
  return (
    <BillingFrame title={TITLE}>
      <Result
        status="warning"
        title={<h3 className="result-title">The last payment for {business} failed</h3>}
        subTitle={`The account owner needs to update the card on file. Until then the dashboard is paused for everyone on the team. Ask the owner to sign in and update the card; this page lets you in as soon as the payment goes through.`}
        extra={
          <Space wrap>
            <Button type="primary" loading={checking} onClick={() => void checkAgain()}>
              Check again
            </Button>
            <Button onClick={() => void signOut()}>Sign out</Button>
          </Space>
        }
      />
      <UpcomingBookingsCard />
    </BillingFrame>
  );
}

/** The unpaid renewal: why the vendor is here, and what saving a card does. */
function FailedRenewal({ invoice, planName }: { invoice: Invoice; planName: string }) {
  const amount = money(invoice.amountCents, invoice.currency);
  const retry = invoice.nextAttemptAt !== null ? ` We will try the card again on ${formatDate(invoice.nextAttemptAt)}.` : '';
  const items = [
    { key: 'what', label: 'Invoice', children: invoice.description },
    ...(invoice.periodStart !== null && invoice.periodEnd !== null
      ? [{ key: 'period', label: 'Period', children: formatPeriod(invoice.periodStart, invoice.periodEnd) }]
      : []),
    { key: 'amount', label: 'Amount due', children: amount },
    ...(invoice.card ? [{ key: 'card', label: 'Card tried', children: <CardSummary card={invoice.card} /> }] : []),
    { key: 'attempts', label: 'Attempts so far', children: String(invoice.attempts) },
    ...(invoice.nextAttemptAt !== null ? [{ key: 'next', label: 'Next try', children: formatDate(invoice.nextAttemptAt) }] : []),
  ];
  return (
    <>
      <Alert
        type="error"
        showIcon
        role="alert"
        className="billing__notice"
        title="Your payment failed"
        description={`The renewal of your ${planName} plan for ${amount} failed on ${formatDate(invoice.createdAt)}.${retry} Until it is paid the dashboard is paused: add a card that works and we charge it at once.`}
      />
      <Card className="billing__card" title={<h3 className="billing__card-title">Unpaid invoice</h3>}>
        <Descriptions size="small" column={1} bordered items={items} />
      </Card>
    </>
  );
}

/**
 * `/update-payment-method`: the card on file and a form to replace it. A vendor locked here by a
 * failed renewal is told why (plan, amount, date, next retry) and sees the unpaid invoice; saving
 * a card charges it at once, and once paid the vendor record turns `active` and the guard sends
 * them to the dashboard. A team member is told the owner must do it. Both see the couples they are
 * booked with and can sign out.
 */
export default function UpdatePaymentMethodPage() {
  const owner = useAppAbility().can('manage', 'Billing');
  return owner ? <OwnerPaymentMethod /> : <TeamMemberNotice />;
}

function OwnerPaymentMethod() {
  const billing = useBilling();
  const plans = usePlans();
  const toast = useToast();
  const pathOf = usePathOf();
  const signOut = useSignOut();
  const [paid, setPaid] = useState<Billing | null>(null);
  // After the payment, the vendor record is read until it says active (the guard then lets the vendor go).
  useQuery({ queryKey: sessionKeys.me, queryFn: ({ signal }) => refreshVendor({ signal }), enabled: paid !== null, refetchInterval: 2_000 });

  const failure = billingLoadFailure('Your billing', billing);
  if (failure || !billing.data)
    return (
      <BillingFrame title={TITLE}>
        <PageState failure={failure} loading />
      </BillingFrame>
    );

  const current = billing.data;
  const planName =
    plans.data?.plans.find((plan) => plan.id === (current.openInvoice?.planId ?? current.plan))?.name ?? current.openInvoice?.planName ?? 'subscription';

  if (paid) {
    return (
      <BillingFrame title={TITLE}>
        <Result
          status="success"
          title={<h3 className="result-title">Payment received</h3>}
          subTitle={`Your ${planName} plan is active again and you have ${paid.credits.toLocaleString('en-US')} credits. Taking you to your dashboard…`}
          extra={
            <LinkButton type="primary" to={pathOf('dashboard')}>
              Go to the dashboard
            </LinkButton>
          }
        />
      </BillingFrame>
    );
  }

  const failed = current.status === 'payment_failed';
  const invoice = current.openInvoice;
  const onSaved = (answer: Billing) => {
    if (failed && answer.status !== 'payment_failed') {
      setPaid(answer);
      void toast.success('Payment received. Your plan is active again.');
    } else {
      void toast.success('Card saved.');
    }
  };

  return (
    <BillingFrame title={TITLE} extra={<Button onClick={() => void signOut()}>Sign out</Button>}>
      {failed && invoice && <FailedRenewal invoice={invoice} planName={planName} />}
      {failed && !invoice && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="billing__notice"
          title="Your payment failed"
          description="Add a card that works and we charge it at once."
        />
      )}
      {/* Locked out of the quote pages, the vendor still needs to reach this weekend's couples. */}
      {failed && <UpcomingBookingsCard />}
      <Card className="billing__card" title={<h3 className="billing__card-title">{failed ? 'Pay with another card' : 'Replace your card'}</h3>}>
        <Typography.Paragraph>
          {current.paymentMethod ? (
            <>
              Card on file: <CardSummary card={current.paymentMethod} />
            </>
          ) : (
            'There is no card on file.'
          )}
        </Typography.Paragraph>
        <CardForm
          id="payment-method"
          submitLabel={failed && invoice ? `Save card and pay ${money(invoice.amountCents, invoice.currency)}` : 'Save card'}
          declinedMessage={
            failed ? 'This card was declined too, so the renewal is still unpaid. Your card on file has not changed. Try another card.' : undefined
          }
          onSaved={onSaved}
        />
      </Card>
    </BillingFrame>
  );
}
