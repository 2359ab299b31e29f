import { Descriptions, Typography } from 'antd';
import type { PlanChangePreview } from '../../../../../shared/contracts/billing';
import { formatDate } from '../billing-dates';
import { money } from '../billing-money';

/** The question a confirmation asks for a change, e.g. "Upgrade to Premier?". */
export function planChangeTitle(preview: PlanChangePreview, planName: string): string {
  switch (preview.change) {
    case 'start':
      return `Start the ${planName} plan?`;
    case 'upgrade':
      return `Upgrade to ${planName}?`;
    case 'downgrade':
      return `Move to ${planName}?`;
    case 'resume':
      return `Keep your ${planName} plan?`;
    case 'none':
      return `You are on ${planName}`;
    default:
      return `Switch to ${planName}?`;
  }
}

/** The confirming button's words: what it charges, or when it happens. */
export function planChangeAction(preview: PlanChangePreview): string {
  if (preview.change === 'resume') return 'Keep my plan';
  if (preview.amountDueNowCents > 0) return `Pay ${money(preview.amountDueNowCents, preview.currency)} now`;
  if (preview.takesEffect === 'period-end') return `Switch on ${formatDate(preview.effectiveAt)}`;
  return 'Confirm';
}

/**
 * What choosing a plan would do, before the vendor confirms: the amount due now (an upgrade's
 * prorated difference, with the unused part of the current plan taken off) or the day it takes
 * effect with nothing charged now.
 */
export function PlanChangeSummary({ preview, planName }: { preview: PlanChangePreview; planName: string }) {
  const now = preview.takesEffect === 'now';
  const items = [
    {
      key: 'due',
      label: 'Due now',
      children: <strong className="plan-change__due">{money(preview.amountDueNowCents, preview.currency)}</strong>,
    },
    ...(preview.creditCents > 0
      ? [{ key: 'credit', label: 'Unused time on your current plan', children: `${money(preview.creditCents, preview.currency)} taken off` }]
      : []),
    {
      key: 'when',
      label: 'Takes effect',
      children: now ? 'Right away' : `On ${formatDate(preview.effectiveAt)}`,
    },
  ];
  let explanation: string;
  if (preview.change === 'none') explanation = `You are already on ${planName}. Nothing changes.`;
  else if (preview.change === 'resume')
    explanation = `Your ${planName} plan continues and renews on ${formatDate(preview.effectiveAt)}. Nothing is charged now.`;
  else if (now) explanation = `You pay ${money(preview.amountDueNowCents, preview.currency)} now and ${planName} starts right away.`;
  else explanation = `${planName} takes effect on ${formatDate(preview.effectiveAt)}. Nothing is charged now; you keep your current plan until then.`;
  return (
    <div className="plan-change" data-testid="plan-change-summary">
      <Typography.Paragraph>{explanation}</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered items={items} className="plan-change__facts" />
      {preview.description && (
        <Typography.Paragraph type="secondary" className="plan-change__description">
          {preview.description}
        </Typography.Paragraph>
      )}
    </div>
  );
}
