/**
 * Query keys of billing. After any billing change everything under `all` is read again, with the
 * credits (`creditKeys`, shared with the dashboard and the quote pages) and the vendor record (its
 * `payment_status` feeds the guard).
 */
export const billingKeys = {
  all: ['billing'] as const,
  summary: () => [...billingKeys.all, 'summary'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  invoice: (id: string) => [...billingKeys.all, 'invoice', id] as const,
  planChange: (planId: string) => [...billingKeys.all, 'plan-change', planId] as const,
  plans: ['config', 'plans'] as const,
};
