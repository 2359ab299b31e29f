import type { PlansFile } from '../../shared/contracts/plans';

/**
 * What one credit is worth in cents (docs/marketplace.md, Analytics): the price per credit of the
 * smallest credit pack (fewest credits), rounded to the cent. That is what a business pays for one
 * more credit when it runs short, so it is the honest price of a credit spent; plan credits come
 * cheaper in bulk but are paid whether spent or not. 0 when the file sells no packs.
 */
export function creditValueCents(plans: Pick<PlansFile, 'creditPacks'>): number {
  const smallest = [...plans.creditPacks].sort((a, b) => a.credits - b.credits || a.priceCents - b.priceCents)[0];
  if (!smallest || smallest.credits <= 0) return 0;
  return Math.round(smallest.priceCents / smallest.credits);
}
