import type { FitRule } from '../contracts/category';

/** What fit rules read of a request. */
export interface FitRequest {
  guests: number;
  budgetCents: number | null;
  details: Record<string, unknown>;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function requestValue(rule: FitRule, request: FitRequest): unknown {
  switch (rule.request) {
    case 'guests':
      return request.guests;
    case 'budget':
      return request.budgetCents === null ? undefined : request.budgetCents / 100;
    case 'budgetPerGuest':
      return request.budgetCents === null || request.guests <= 0 ? undefined : request.budgetCents / 100 / request.guests;
    default:
      return request.details[rule.request.slice('details.'.length)];
  }
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/**
 * Whether a request fits a vendor's saved settings by one of the category's fit rules (docs/marketplace.md). A rule whose settings field the vendor left empty passes: a lead is never
 * hidden for a question left unanswered; so does one the request leaves empty.
 */
export function fitPasses(rule: FitRule, request: FitRequest, settings: Record<string, unknown>): boolean {
  const wanted = requestValue(rule, request);
  const offered = settings[rule.settings];
  if (isMissing(offered) || isMissing(wanted)) return true;
  switch (rule.op) {
    case '>=':
      return typeof wanted !== 'number' || typeof offered !== 'number' || wanted >= offered;
    case '<=':
      return typeof wanted !== 'number' || typeof offered !== 'number' || wanted <= offered;
    case 'in':
      return list(offered).includes(wanted);
    case 'subset':
      return list(wanted).every((value) => list(offered).includes(value));
    case 'overlaps':
      return list(wanted).some((value) => list(offered).includes(value));
    case 'requires':
      return wanted !== true || offered === true;
  }
}
