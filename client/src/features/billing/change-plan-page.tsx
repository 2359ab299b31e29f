import { Alert, Button, Card, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import type { Billing } from '../../../../shared/contracts/billing';
import type { PlansResponse } from '../../../../shared/contracts/plans';
import { createActionKey } from '../../lib/api/action-key';
import { usePathOf } from '../../lib/router/use-path-of';
import { useToast } from '../../lib/toast/toast';
import { useCancelSubscription } from './api/cancel-subscription';
import { useChangeSubscription } from './api/change-subscription';
import { usePlanChange } from './api/get-plan-change';
import { formatDate } from './billing-dates';
import { billingFailure, billingLoadFailure } from './billing-problem';
import { hasRunningPlan } from './billing-status';
import { PageState } from '../../components/page-state';
import { BillingFrame } from './components/billing-frame';
import { PlanCards } from './components/plan-cards';
import { PlanChangeSummary, planChangeAction, planChangeTitle } from './components/plan-change-summary';
import { usePlansAndBilling } from './plans-and-billing';
import './billing.css';

type Plan = PlansResponse['plans'][number];

/** The button of a plan other than the current one, by its price against the current plan's. */
function actionLabel(plan: Plan, current: Plan | undefined): string {
  if (!current || plan.priceCents === current.priceCents) return `Switch to ${plan.name}`;
  return plan.priceCents > current.priceCents ? `Upgrade to ${plan.name}` : `Move to ${plan.name}`;
}

/** The confirmation of a chosen plan: the server's preview (amount due now, or the day it takes effect), then the change. */
function ConfirmPlanChange({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const preview = usePlanChange(plan.id);
  const change = useChangeSubscription();
  const toast = useToast();
  const actionKey = useRef(createActionKey()).current;
  const [failure, setFailure] = useState<{ message: string; needsCard: boolean } | null>(null);
  const pathOf = usePathOf();

  const confirm = async () => {
    const data = preview.data;
    if (!data) return;
    setFailure(null);
    const body = { planId: plan.id };
    try {
      await change.mutateAsync({ ...body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.settle();
      if (data.change === 'resume') void toast.success(`Your ${plan.name} plan continues.`);
      else if (data.takesEffect === 'period-end') void toast.success(`You move to ${plan.name} on ${formatDate(data.effectiveAt)}.`);
      else void toast.success(`You are on ${plan.name} now.`);
      onClose();
    } catch (error) {
      actionKey.settle(error);
      const failed = billingFailure(error);
      setFailure({ message: failed.message, needsCard: failed.kind === 'declined' || failed.kind === 'no-card' });
    }
  };

  const data = preview.data;
  return (
    <Modal
      open
      title={data ? planChangeTitle(data, plan.name) : `Switch to ${plan.name}?`}
      okText={data ? planChangeAction(data) : 'Confirm'}
      cancelText="Keep my current plan"
      okButtonProps={{ loading: change.isPending, disabled: !data || data.change === 'none' }}
      cancelButtonProps={{ disabled: change.isPending }}
      closable={!change.isPending}
      maskClosable={!change.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <PageState failure={billingLoadFailure('The price of this change', preview)} loading={!data}>
        {data && <PlanChangeSummary preview={data} planName={plan.name} />}
      </PageState>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="billing__notice"
          title={failure.message}
          description={failure.needsCard ? <Link to={pathOf('billing')}>Replace your card on the billing page</Link> : undefined}
        />
      )}
    </Modal>
  );
}

/** Canceling at period end, confirmed; nothing is refunded, the plan runs to the end of the period paid for. */
function CancelSubscription({ billing, planName }: { billing: Billing; planName: string }) {
  const cancel = useCancelSubscription();
  const toast = useToast();
  const actionKey = useRef(createActionKey()).current;
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const end = billing.currentPeriodEnd !== null ? formatDate(billing.currentPeriodEnd) : null;

  const confirm = async () => {
    setFailure(null);
    try {
      await cancel.mutateAsync({ idempotencyKey: actionKey.keyFor({ cancel: true }) });
      actionKey.settle();
      setOpen(false);
      void toast.success(end ? `Your subscription ends on ${end}.` : 'Your subscription is canceled.');
    } catch (error) {
      actionKey.settle(error);
      setFailure(billingFailure(error).message);
    }
  };

  return (
    <Card className="billing__card" title={<h3 className="billing__card-title">Cancel subscription</h3>}>
      <Typography.Paragraph>
        {end ? `Your ${planName} plan stays until ${end}. ` : ''}You keep the credits you have; no more monthly credits come after that.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Cancel subscription
      </Button>
      <Modal
        open={open}
        title="Cancel your subscription?"
        okText="Cancel subscription"
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        cancelText="Keep my plan"
        cancelButtonProps={{ disabled: cancel.isPending }}
        closable={!cancel.isPending}
        maskClosable={!cancel.isPending}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <Typography.Paragraph>
          {end ? `Your plan ends on ${end} and is not renewed. Until then nothing changes.` : 'Your plan is not renewed.'} You can resume it before then.
        </Typography.Paragraph>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Modal>
    </Card>
  );
}

/**
 * `/change-plan`: the plans side by side with the current one marked (and a scheduled move or
 * end said above them); choosing another shows the server's preview to confirm; cancel at
 * period end, and resume a canceled plan before it ends.
 */
export default function ChangePlanPage() {
  const { loaded, failure } = usePlansAndBilling();
  const pathOf = usePathOf();
  const [chosen, setChosen] = useState<Plan | null>(null);

  const title = 'Change plan';
  if (!loaded)
    return (
      <BillingFrame title={title}>
        <PageState failure={failure} loading />
      </BillingFrame>
    );

  const current = loaded.billing;
  const all = loaded.plans.plans;
  const currentPlan = all.find((plan) => plan.id === current.plan);
  // Nothing to change yet: choosing a first plan is the activation screen's job.
  if (!currentPlan || !hasRunningPlan(current)) return <Navigate to={pathOf('activate-subscription')} replace />;

  const pending = all.find((plan) => plan.id === current.pendingPlan);
  const end = current.currentPeriodEnd !== null ? formatDate(current.currentPeriodEnd) : null;

  return (
    <BillingFrame
      title={title}
      intro={`You are on ${currentPlan.name}${end && !current.cancelAtPeriodEnd ? `, renewing on ${end}` : ''}. An upgrade starts at once and you pay only the difference for the time left; a cheaper plan starts when the current period ends.`}
    >
      {current.cancelAtPeriodEnd && (
        <Alert
          type="warning"
          showIcon
          className="billing__notice"
          title={end ? `Your subscription ends on ${end}.` : 'Your subscription is set to end.'}
          description="Keep your plan to go on getting monthly credits."
          action={
            <Button type="primary" onClick={() => setChosen(currentPlan)}>
              Keep {currentPlan.name}
            </Button>
          }
        />
      )}
      {pending && !current.cancelAtPeriodEnd && (
        <Alert
          type="info"
          showIcon
          className="billing__notice"
          title={`You move to ${pending.name}${end ? ` on ${end}` : ' when the current period ends'}.`}
          description={`Until then you keep ${currentPlan.name}. To stay on ${currentPlan.name}, choose it again.`}
        />
      )}
      <PlanCards
        plans={all}
        currentId={currentPlan.id}
        noteOf={(plan) => (plan.id === pending?.id && !current.cancelAtPeriodEnd ? (end ? `Starts ${end}` : 'Starts next period') : null)}
        actionOf={(plan) => {
          if (plan.id === currentPlan.id) {
            if (current.cancelAtPeriodEnd) return { label: `Keep ${plan.name}`, primary: true };
            if (pending) return { label: `Stay on ${plan.name}` };
            return null;
          }
          if (plan.id === pending?.id && !current.cancelAtPeriodEnd) return { label: 'Scheduled', disabled: true };
          return { label: actionLabel(plan, currentPlan), primary: plan.priceCents > currentPlan.priceCents };
        }}
        onChoose={setChosen}
      />
      {chosen && <ConfirmPlanChange key={chosen.id} plan={chosen} onClose={() => setChosen(null)} />}
      {!current.cancelAtPeriodEnd && <CancelSubscription billing={current} planName={currentPlan.name} />}
      <Typography.Paragraph className="billing__links">
        <Link to={pathOf('buy-more-credits')}>Buy more credits</Link> · <Link to={pathOf('billing')}>Billing and receipts</Link>
      </Typography.Paragraph>
    </BillingFrame>
  );
}
