import { Card, Descriptions, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { Billing } from '../../../../../shared/contracts/billing';
import type { PlansResponse } from '../../../../../shared/contracts/plans';
import { usePathOf } from '../../../lib/router/use-path-of';
import { formatDate } from '../billing-dates';
import { creditCount, planPrice } from '../billing-money';
import { BILLING_STATUS } from '../billing-labels';
import { hasRunningPlan } from '../billing-status';
import { CardSummary } from './card-summary';

/** What comes next for the subscription: its renewal, its end, or a scheduled move. */
function nextEvent(billing: Billing, planName: (id: string | null) => string | null): string | null {
  if (billing.currentPeriodEnd === null || !hasRunningPlan(billing)) return null;
  const end = formatDate(billing.currentPeriodEnd);
  if (billing.cancelAtPeriodEnd) return `Ends on ${end}`;
  if (billing.pendingPlan) return `Moves to ${planName(billing.pendingPlan) ?? billing.pendingPlan} on ${end}`;
  return `Renews on ${end}`;
}

/** The plan, its state, the next renewal, the credits and the card, with the ways to change them. */
export function BillingSummaryCard({ billing, plans }: { billing: Billing; plans: PlansResponse }) {
  const pathOf = usePathOf();
  const plan = plans.plans.find((candidate) => candidate.id === billing.plan);
  const planName = (id: string | null) => plans.plans.find((candidate) => candidate.id === id)?.name ?? null;
  const status = BILLING_STATUS[billing.status];
  const next = nextEvent(billing, planName);
  const subscribed = plan !== undefined && hasRunningPlan(billing);
  const items = [
    { key: 'plan', label: 'Plan', children: plan ? `${plan.name}, ${planPrice(plan.priceCents, plan.currency, plan.interval)}` : 'No plan yet' },
    { key: 'status', label: 'Status', children: <Tag color={status.color}>{status.label}</Tag> },
    ...(next ? [{ key: 'next', label: 'Next', children: next }] : []),
    { key: 'credits', label: 'Credits', children: creditCount(billing.credits) },
    { key: 'card', label: 'Card', children: billing.paymentMethod ? <CardSummary card={billing.paymentMethod} /> : 'None yet' },
  ];
  return (
    <Card className="billing__card" title={<h3 className="billing__card-title">Your plan</h3>}>
      <Descriptions size="small" column={1} bordered items={items} className="billing__facts" />
      <Space wrap className="billing__actions">
        {subscribed ? <Link to={pathOf('change-plan')}>Change plan</Link> : <Link to={pathOf('activate-subscription')}>Activate subscription</Link>}
        <Link to={pathOf('buy-more-credits')}>Buy more credits</Link>
        {billing.status === 'payment_failed' && <Link to={pathOf('update-payment-method')}>Update payment method</Link>}
      </Space>
    </Card>
  );
}
