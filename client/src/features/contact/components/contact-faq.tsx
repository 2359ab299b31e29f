import { Collapse, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { useConfig } from '../../../lib/config/config-context';
import { usePathOf } from '../../../lib/router/use-path-of';
import { useSessionVendor } from '../../../lib/session/use-session';

function credits(n: number): string {
  return `${n} credit${n === 1 ? '' : 's'}`;
}

/** "48 hours", or "7 days" for a whole number of days past two. */
function hoursText(hours: number): string {
  return hours % 24 === 0 && hours > 48 ? `${hours / 24} days` : `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** A route's page by name, from the route table. */
function PageLink({ route, children }: { route: string; children: ReactNode }) {
  return <Link to={usePathOf()(route)}>{children}</Link>;
}

/** What quoting costs in the business's own categories, from the category files. */
function useLeadCosts(): string {
  const { categories } = useConfig();
  const mine = new Set((useSessionVendor()?.category ?? []).map((c) => c.vendor_type_id));
  const costs = categories.filter((c) => mine.has(c.vendorTypeId)).map((c) => `${c.label}: ${credits(c.leadCost)}`);
  return costs.length > 0 ? ` Yours: ${costs.join('; ')}.` : '';
}

/**
 * Answers to what vendors ask most, from what the product does (docs/marketplace.md,
 * docs/billing.md, docs/security.md): credits, refunds, plans, the card, reviews, the team, matches. The owner's
 * answers link to the billing pages; a team member is told to ask the owner.
 */
export function ContactFaq() {
  const refundAfter = hoursText(useConfig().app.marketplace.refundUnreadAfterHours);
  const leadCosts = useLeadCosts();
  const owner = useAppAbility().can('manage', 'Billing');
  const ownerOnly = (page: ReactNode) => (owner ? page : 'Only the account owner can do this; ask them.');
  const items: { key: string; question: string; answer: ReactNode }[] = [
    {
      key: 'credits',
      question: 'How do credits work?',
      answer: (
        <>
          Reading a new match is free, and so is declining it. Sending a quote spends the lead cost of the match’s category, and then shows you the couple’s
          email and phone.{leadCosts} Credits never expire; your balance is on the dashboard.{' '}
          {owner && <PageLink route="buy-more-credits">Buy more credits</PageLink>}
        </>
      ),
    },
    {
      key: 'refunds',
      question: 'Do I get my credits back if the couple never reads my quote?',
      answer: `Yes, automatically: there is nothing to claim. If the couple has not opened your quote within ${refundAfter} of sending it, or withdraws their request before opening it, the credits go back to your balance. The quote shows “Refunded” and your credits ledger says why.`,
    },
    {
      key: 'plan',
      question: 'How do I change my plan or cancel it?',
      answer: ownerOnly(
        <>
          On <PageLink route="change-plan">Change plan</PageLink>. A bigger plan starts now: you pay the difference for the rest of the month and get its extra
          credits at once. A smaller plan, or cancelling, takes effect at the end of the period you paid for, and you keep your credits.
        </>,
      ),
    },
    {
      key: 'card',
      question: 'How do I update my payment method?',
      answer: ownerOnly(
        <>
          On <PageLink route="billing">Billing</PageLink>, replace the card on file. If a renewal was declined, the dashboard takes you to Update payment method
          until it is paid: saving a new card there pays the open invoice at once.
        </>,
      ),
    },
    {
      key: 'reviews',
      question: 'How do reviews work? Can I remove a bad one?',
      answer: (
        <>
          The day after a booked event, the couple is mailed a link to review you: one review per booking, published at once. No business can hide or remove a
          review. On <PageLink route="reviews">Reviews</PageLink> you can reply publicly (and edit your reply), and report a review that shows personal data, is
          offensive, or is not about your client or your event: support decides, and the review stays published meanwhile.
        </>
      ),
    },
    {
      key: 'team',
      question: 'How do I add someone to my team?',
      answer: ownerOnly(
        <>
          In <PageLink route="settings">Settings</PageLink>, under Team, invite them by email. They choose their own password from the invitation, then work
          matches, quotes, messages, reviews and your profile with you; billing, the team and deleting the account stay with the owner.
        </>,
      ),
    },
    {
      key: 'matches',
      question: 'Why am I not getting matches?',
      answer: (
        <>
          A couple’s request reaches you when their event is within your service area (your city and travel radius in{' '}
          <PageLink route="business-details">Business details</PageLink>), on a day you have not blocked in{' '}
          <PageLink route="blackout-dates">Blackout dates</PageLink>, with the notice you need, and fits your category settings. While a payment has failed, no
          new matches arrive.
        </>
      ),
    },
  ];
  return (
    <section className="contact__faq" aria-labelledby="contact-faq-title">
      <Typography.Title level={3} id="contact-faq-title">
        Common questions
      </Typography.Title>
      <Collapse
        items={items.map(({ key, question, answer }) => ({
          key,
          label: question,
          children: <Typography.Paragraph className="contact__answer">{answer}</Typography.Paragraph>,
        }))}
      />
    </section>
  );
}
