import { formatMoney } from '../../../shared/billing/format-money';
import type { Mail } from '../../core/mail/mail';
import { paragraphsHtml } from './paragraphs-html';

const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Tells an owner that their plan's renewal (or its retry) was declined, when it is tried again, and where to fix it. */
export function paymentFailedMail(input: {
  to: string;
  publicUrl: string;
  businessName: string;
  planName: string;
  amountCents: number;
  currency: string;
  reason: string;
  nextAttemptAt: number;
}): Mail {
  const link = `${input.publicUrl}/update-payment-method`;
  const amount = formatMoney(input.amountCents, input.currency);
  const paragraphs = [
    `We could not take ${amount} for the ${input.planName} plan of ${input.businessName}. ${input.reason}`,
    `We will try the card again on ${dateFormat.format(input.nextAttemptAt)}. Until the payment goes through, new requests are not matched with you and your dashboard opens on the payment page.`,
    `Update your card now and the invoice is paid at once: ${link}`,
  ];
  return {
    to: input.to,
    subject: `Your ${input.planName} plan payment failed`,
    text: paragraphs.join('\n\n'),
    html: paragraphsHtml(paragraphs.slice(0, 2), { href: link, text: 'Update your card' }),
  };
}
