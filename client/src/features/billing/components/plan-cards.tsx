import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography } from 'antd';
import type { PlansResponse } from '../../../../../shared/contracts/plans';
import { creditCount, planPrice } from '../billing-money';

type Plan = PlansResponse['plans'][number];

export interface PlanCardsProps {
  plans: readonly Plan[];
  /** The plan the business is on, marked "Current plan". */
  currentId?: string | null;
  /** A tag under a plan's name (e.g. "Starts Jul 1, 2027" for a scheduled downgrade). */
  noteOf?: (plan: Plan) => string | null;
  /** The button of a plan: its label, or null for none. */
  actionOf(plan: Plan): { label: string; primary?: boolean; disabled?: boolean } | null;
  onChoose(plan: Plan): void;
  /** The plan whose action is running. */
  busyId?: string | null;
  /** The chosen plan (activation), shown selected. */
  selectedId?: string | null;
}

/** The plans side by side (one per row on phones): name, price, monthly credits, features and one button each. */
export function PlanCards({ plans, currentId, noteOf, actionOf, onChoose, busyId, selectedId }: PlanCardsProps) {
  return (
    <ul className="plan-cards" aria-label="Plans">
      {plans.map((plan) => {
        const current = plan.id === currentId;
        const note = noteOf?.(plan) ?? null;
        const action = actionOf(plan);
        const headingId = `plan-${plan.id}-name`;
        return (
          <li key={plan.id} className="plan-cards__item">
            <Card
              className={`plan-card${current ? ' plan-card--current' : ''}${selectedId === plan.id ? ' plan-card--selected' : ''}`}
              aria-labelledby={headingId}
              role="group"
            >
              <div className="plan-card__head">
                <Typography.Title level={3} id={headingId} className="plan-card__name">
                  {plan.name}
                </Typography.Title>
                {current && <Tag color="blue">Current plan</Tag>}
                {selectedId === plan.id && !current && <Tag color="blue">Chosen</Tag>}
                {note && <Tag color="orange">{note}</Tag>}
              </div>
              <p className="plan-card__price">{planPrice(plan.priceCents, plan.currency, plan.interval)}</p>
              <p className="plan-card__credits">
                {creditCount(plan.monthlyCredits)} every {plan.interval}
              </p>
              <ul className="plan-card__features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckOutlined aria-hidden className="plan-card__check" /> {feature}
                  </li>
                ))}
              </ul>
              {action && (
                <Button
                  block
                  type={action.primary ? 'primary' : 'default'}
                  disabled={action.disabled}
                  loading={busyId === plan.id}
                  onClick={() => onChoose(plan)}
                >
                  {action.label}
                </Button>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
