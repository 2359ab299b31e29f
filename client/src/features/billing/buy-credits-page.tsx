import { Alert, Button, Card, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Billing } from '../../../../shared/contracts/billing';
import type { PlansResponse } from '../../../../shared/contracts/plans';
import { createActionKey } from '../../lib/api/action-key';
import { usePathOf } from '../../lib/router/use-path-of';
import { useToast } from '../../lib/toast/toast';
import { useBuyCredits } from './api/buy-credits';
import { creditCount, money, pricePerCredit } from './billing-money';
import { billingFailure } from './billing-problem';
import { hasRunningPlan } from './billing-status';
import { PageState } from '../../components/page-state';
import { BillingFrame } from './components/billing-frame';
import { CardForm } from './components/card-form';
import { CardSummary } from './components/card-summary';
import { usePlansAndBilling } from './plans-and-billing';
import './billing.css';

type Pack = PlansResponse['creditPacks'][number];

/** The balance, drawn larger; it is announced when it changes, and briefly highlighted when it rises. */
function Balance({ credits }: { credits: number }) {
  const previous = useRef(credits);
  const [rose, setRose] = useState(false);
  useEffect(() => {
    if (credits > previous.current) {
      setRose(true);
      const timer = setTimeout(() => setRose(false), 2_000);
      previous.current = credits;
      return () => clearTimeout(timer);
    }
    previous.current = credits;
    return undefined;
  }, [credits]);
  return (
    <Card className="billing__card">
      <p className="credit-balance" aria-live="polite">
        <span className="credit-balance__label">Your balance</span>{' '}
        <span className={`credit-balance__number${rose ? ' credit-balance__number--rose' : ''}`} data-testid="credit-balance">
          {credits.toLocaleString('en-US')}
        </span>{' '}
        <span>{credits === 1 ? 'credit' : 'credits'}</span>
      </p>
      <Typography.Paragraph type="secondary" className="credit-balance__hint">
        Quoting a request spends its category&apos;s lead cost. Credits come back by themselves when a couple never opens your quote.
      </Typography.Paragraph>
    </Card>
  );
}

/** The confirmation of a pack: its price and the card it is charged to, then the purchase. */
function ConfirmPurchase({ pack, billing, onClose }: { pack: Pack; billing: Billing; onClose: () => void }) {
  const buy = useBuyCredits();
  const toast = useToast();
  const pathOf = usePathOf();
  const actionKey = useRef(createActionKey()).current;
  const [failure, setFailure] = useState<{ message: string; needsCard: boolean } | null>(null);
  const price = money(pack.priceCents, pack.currency);

  const confirm = async () => {
    setFailure(null);
    const body = { packId: pack.id };
    try {
      const answer = await buy.mutateAsync({ ...body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.settle();
      onClose();
      void toast.success(`${creditCount(pack.credits)} added. You now have ${creditCount(answer.credits)}.`);
    } catch (error) {
      actionKey.settle(error);
      const failed = billingFailure(error);
      setFailure({ message: failed.message, needsCard: failed.kind === 'declined' || failed.kind === 'no-card' });
    }
  };

  return (
    <Modal
      open
      title={`Buy ${creditCount(pack.credits)} for ${price}?`}
      okText={`Pay ${price}`}
      okButtonProps={{ loading: buy.isPending }}
      cancelButtonProps={{ disabled: buy.isPending }}
      closable={!buy.isPending}
      maskClosable={!buy.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {billing.paymentMethod ? (
          <>
            We charge {price} to your <CardSummary card={billing.paymentMethod} />.
          </>
        ) : (
          `We charge ${price} to your card.`
        )}{' '}
        The {creditCount(pack.credits)} are added at once, and the receipt is on the billing page.
      </Typography.Paragraph>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure.message}
          description={failure.needsCard ? <Link to={pathOf('billing')}>Replace your card on the billing page</Link> : undefined}
        />
      )}
    </Modal>
  );
}

/** `/buy-more-credits`: the balance, the packs with their price per credit, a confirmed purchase; without a card, the card form first. */
export default function BuyCreditsPage() {
  const { loaded, failure } = usePlansAndBilling('The credit packs');
  const pathOf = usePathOf();
  const toast = useToast();
  const [chosen, setChosen] = useState<Pack | null>(null);

  const title = 'Buy more credits';
  if (!loaded)
    return (
      <BillingFrame title={title}>
        <PageState failure={failure} loading />
      </BillingFrame>
    );

  const current = loaded.billing;
  const hasCard = current.paymentMethod !== null;
  return (
    <BillingFrame title={title} intro="Credits you buy are added to your balance at once.">
      <Balance credits={current.credits} />
      {!hasCard && (
        <Card className="billing__card" title={<h3 className="billing__card-title">Add a card to buy credits</h3>}>
          <CardForm id="credits-card" submitLabel="Save card" onSaved={() => void toast.success('Card saved. Now choose a pack.')} />
        </Card>
      )}
      {hasCard && current.paymentMethod && (
        <Typography.Paragraph className="billing__paying-with">
          Paying with <CardSummary card={current.paymentMethod} />. <Link to={pathOf('billing')}>Replace card</Link>
        </Typography.Paragraph>
      )}
      <ul className="pack-cards" aria-label="Credit packs">
        {loaded.plans.creditPacks.map((pack) => {
          const headingId = `pack-${pack.id}`;
          return (
            <li key={pack.id} className="pack-cards__item">
              <Card className="pack-card" role="group" aria-labelledby={headingId}>
                <Typography.Title level={3} id={headingId} className="pack-card__credits">
                  {creditCount(pack.credits)}
                </Typography.Title>
                <p className="pack-card__price">{money(pack.priceCents, pack.currency)}</p>
                <p className="pack-card__per-credit">{pricePerCredit(pack.priceCents, pack.credits, pack.currency)}</p>
                <Button block type="primary" disabled={!hasCard} onClick={() => setChosen(pack)}>
                  Buy {creditCount(pack.credits)}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
      {chosen && <ConfirmPurchase key={chosen.id} pack={chosen} billing={current} onClose={() => setChosen(null)} />}
      <Typography.Paragraph className="billing__links">
        <Link to={pathOf(hasRunningPlan(current) ? 'change-plan' : 'activate-subscription')}>
          {hasRunningPlan(current) ? 'Get more credits every month with a bigger plan' : 'Get credits every month with a plan'}
        </Link>{' '}
        · <Link to={pathOf('billing')}>See your credit history</Link>
      </Typography.Paragraph>
    </BillingFrame>
  );
}
