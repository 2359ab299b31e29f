import { CreditCardOutlined } from '@ant-design/icons';
import type { CardSummary as Card } from '../../../../../shared/contracts/billing';
import { cardBrandLabel } from '../../../../../shared/billing/card-brand-label';

/** "Visa ending in 4242, expires 12/2030" as the vendor reads it (the dots are for the eye only). */
export function CardSummary({ card }: { card: Pick<Card, 'brand' | 'last4'> & Partial<Pick<Card, 'expMonth' | 'expYear'>> }) {
  return (
    <span className="card-summary">
      <CreditCardOutlined aria-hidden /> <span className="card-summary__brand">{cardBrandLabel(card.brand)}</span>{' '}
      <span aria-hidden="true">•••• {card.last4}</span>
      <span className="visually-hidden">ending in {card.last4}</span>
      {card.expMonth !== undefined && card.expYear !== undefined && (
        <span className="card-summary__expiry">
          {', '}expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
        </span>
      )}
    </span>
  );
}
