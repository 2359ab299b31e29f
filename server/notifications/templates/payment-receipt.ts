import { cardBrandLabel } from '../../../shared/billing/card-brand-label';
import { formatMoney } from '../../../shared/billing/format-money';
import { sellerAddressLines } from '../../../shared/billing/seller-address-lines';
import type { DomainEvents } from '../../core/events/domain-events';
import { escapeHtml, type Mail } from '../../core/mail/mail';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * An owner's receipt for one payment (docs/billing.md, Receipts): who sold it (app.json's seller),
 * when, what was bought, the amount, the card by brand and last 4, the invoice number, and the
 * receipt's page in the dashboard, where it can be printed.
 */
export function paymentReceiptMail(input: Omit<DomainEvents['billing.payment-succeeded'], 'vendorId' | 'ownerEmails'> & { to: string }): Mail {
  const amount = formatMoney(input.amountCents, input.currency);
  const credits = input.credits === 1 ? '1 credit' : `${input.credits.toLocaleString('en-US')} credits`;
  const facts: (readonly [string, string])[] = [
    ['Invoice number', input.invoiceId],
    ['Date paid', dateFormat.format(input.paidAt)],
    ['For', input.description],
    ...(input.credits > 0 ? [['Credits', credits] as const] : []),
    ['Amount paid', amount],
    ['Card', `${cardBrandLabel(input.card.brand)} ending in ${input.card.last4}`],
    ['Billed to', input.businessName],
  ];
  const seller = [input.seller.legalName, ...sellerAddressLines(input.seller.address)];
  const thanks = `Thank you: we received your payment of ${amount}. This is your receipt.`;
  const text = [
    thanks,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `Sold by:\n${seller.join('\n')}`,
    `See or print this receipt in your dashboard: ${input.receiptLink}`,
  ].join('\n\n');
  const rows = facts.map(([label, value]) => `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const html = [
    `<p>${escapeHtml(thanks)}</p>`,
    `<table cellpadding="4">${rows}</table>`,
    `<p><strong>Sold by</strong><br>${seller.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(input.receiptLink)}">See or print this receipt</a></p>`,
  ].join('');
  return { to: input.to, subject: `Your receipt for ${amount}: ${input.description}`, text, html };
}
