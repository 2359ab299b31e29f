import { Alert, Button, Card, Result, Space, Steps, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../components/link-button';
import type { Billing } from '../../../../shared/contracts/billing';
import type { PlansResponse } from '../../../../shared/contracts/plans';
import { createActionKey } from '../../lib/api/action-key';
import { usePathOf } from '../../lib/router/use-path-of';
import { useToast } from '../../lib/toast/toast';
import { useChangeSubscription } from './api/change-subscription';
import { usePlanChange } from './api/get-plan-change';
import { creditCount, money, planPrice } from './billing-money';
import { billingFailure, billingLoadFailure } from './billing-problem';
import { hasRunningPlan } from './billing-status';
import { PageState } from '../../components/page-state';
import { BillingFrame } from './components/billing-frame';
import { CardForm } from './components/card-form';
import { CardSummary } from './components/card-summary';
import { PlanCards } from './components/plan-cards';
import { PlanChangeSummary } from './components/plan-change-summary';
import { usePlansAndBilling } from './plans-and-billing';
import './billing.css';

type Plan = PlansResponse['plans'][number];
type Step = 'plan' | 'card' | 'pay';
const STEPS: Step[] = ['plan', 'card', 'pay'];

/** Whether the business has a plan running (possibly set to end): then this screen sends it to change-plan. */
function subscribed(billing: Billing): boolean {
  return hasRunningPlan(billing);
}

/** The chosen plan with a way back to the choice. */
function ChosenPlan({ plan, onChange }: { plan: Plan; onChange: () => void }) {
  return (
    <div className="activate__chosen">
      <Typography.Text>
        <strong>{plan.name}</strong>: {planPrice(plan.priceCents, plan.currency, plan.interval)}, {creditCount(plan.monthlyCredits)} every {plan.interval}
      </Typography.Text>
      <Button type="link" onClick={onChange} className="activate__change">
        Choose another plan
      </Button>
    </div>
  );
}

/** The last step: what is charged now, the card it goes on, and Pay. */
function PayStep({
  plan,
  billing,
  onUseAnotherCard,
  onPaid,
}: {
  plan: Plan;
  billing: Billing;
  onUseAnotherCard: () => void;
  onPaid: (billing: Billing) => void;
}) {
  const preview = usePlanChange(plan.id);
  const subscribe = useChangeSubscription();
  const actionKey = useRef(createActionKey()).current;
  const [failure, setFailure] = useState<{ message: string; needsCard: boolean } | null>(null);
  const amount = preview.data?.amountDueNowCents ?? plan.priceCents;

  const pay = async () => {
    setFailure(null);
    const body = { planId: plan.id };
    try {
      const answer = await subscribe.mutateAsync({ ...body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.settle();
      onPaid(answer);
    } catch (error) {
      actionKey.settle(error);
      const failed = billingFailure(error);
      setFailure({ message: failed.message, needsCard: failed.kind === 'declined' || failed.kind === 'no-card' });
    }
  };

  return (
    <Card className="billing__card" title={<h3 className="billing__card-title">Pay and start</h3>}>
      <PageState failure={billingLoadFailure('The price', preview)} loading={!preview.data}>
        {preview.data && <PlanChangeSummary preview={preview.data} planName={plan.name} />}
      </PageState>
      {billing.paymentMethod && (
        <p className="activate__card">
          Charged to <CardSummary card={billing.paymentMethod} />{' '}
          <Button type="link" onClick={onUseAnotherCard} className="activate__change" disabled={subscribe.isPending}>
            Use another card
          </Button>
        </p>
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure.message}
          className="billing__notice"
          action={failure.needsCard ? <Button onClick={onUseAnotherCard}>Use another card</Button> : undefined}
        />
      )}
      <Button type="primary" size="large" onClick={() => void pay()} loading={subscribe.isPending} disabled={!preview.data}>
        Pay {money(amount, plan.currency)} and start
      </Button>
    </Card>
  );
}

/**
 * `/activate-subscription`: choose a plan, add a card (or keep the one on file), pay. The vendor
 * lands on a success state with the plan's credits; a business that already has a plan is sent
 * to change-plan.
 */
export default function ActivateSubscriptionPage() {
  const { loaded, failure } = usePlansAndBilling();
  const pathOf = usePathOf();
  const toast = useToast();
  const [planId, setPlanId] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('plan');
  const [done, setDone] = useState<{ plan: Plan; billing: Billing } | null>(null);

  const title = 'Activate subscription';
  if (!loaded)
    return (
      <BillingFrame title={title}>
        <PageState failure={failure} loading />
      </BillingFrame>
    );

  if (done) {
    return (
      <BillingFrame title={title}>
        <Result
          status="success"
          title={<h3 className="result-title">You are on the {done.plan.name} plan</h3>}
          subTitle={`${creditCount(done.plan.monthlyCredits)} added. You now have ${creditCount(done.billing.credits)} for quoting.`}
          extra={[
            <LinkButton key="dashboard" type="primary" to={pathOf('dashboard')}>
              Go to the dashboard
            </LinkButton>,
            <Link key="billing" to={pathOf('billing')}>
              See billing and receipts
            </Link>,
          ]}
        />
      </BillingFrame>
    );
  }

  const current = loaded.billing;
  if (subscribed(current)) {
    const currentName = loaded.plans.plans.find((plan) => plan.id === current.plan)?.name ?? current.plan;
    return (
      <BillingFrame title={title}>
        <Result
          status="info"
          title={<h3 className="result-title">You already have the {currentName} plan</h3>}
          subTitle="To move to another plan, or to cancel, go to Change plan."
          extra={
            <Space wrap>
              <LinkButton type="primary" to={pathOf('change-plan')}>
                Change plan
              </LinkButton>
              <Link to={pathOf('buy-more-credits')}>Buy more credits</Link>
            </Space>
          }
        />
      </BillingFrame>
    );
  }

  const plan = loaded.plans.plans.find((candidate) => candidate.id === planId) ?? null;
  const hasCard = current.paymentMethod !== null;
  const choose = (chosen: Plan) => {
    setPlanId(chosen.id);
    setStep(hasCard ? 'pay' : 'card');
  };
  const onPaid = (answer: Billing) => {
    if (!plan) return;
    setDone({ plan, billing: answer });
    void toast.success(`Your ${plan.name} plan is active.`);
  };

  return (
    <BillingFrame title={title} intro="Choose a plan, add a card and pay. Your plan renews every month; you can change or cancel it at any time.">
      <Steps
        className="activate__steps"
        size="small"
        current={STEPS.indexOf(step)}
        items={[{ title: 'Choose a plan' }, { title: hasCard ? 'Your card' : 'Add a card' }, { title: 'Pay' }]}
      />
      {step === 'plan' && (
        <PlanCards
          plans={loaded.plans.plans}
          selectedId={planId}
          actionOf={(candidate) => ({ label: `Choose ${candidate.name}`, primary: candidate.id === planId })}
          onChoose={choose}
        />
      )}
      {step === 'card' && plan && (
        <Card className="billing__card" title={<h3 className="billing__card-title">{hasCard ? 'Use another card' : 'Add a card'}</h3>}>
          <ChosenPlan plan={plan} onChange={() => setStep('plan')} />
          <CardForm
            id="activate-card"
            submitLabel="Save card and continue"
            onSaved={() => {
              void toast.success('Card saved.');
              setStep('pay');
            }}
            onCancel={hasCard ? () => setStep('pay') : undefined}
          />
        </Card>
      )}
      {step === 'pay' && plan && (
        <>
          <ChosenPlan plan={plan} onChange={() => setStep('plan')} />
          <PayStep plan={plan} billing={current} onUseAnotherCard={() => setStep('card')} onPaid={onPaid} />
        </>
      )}
    </BillingFrame>
  );
}
