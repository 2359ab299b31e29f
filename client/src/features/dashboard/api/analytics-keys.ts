/** Query keys of the dashboard's analytics: a quote or credits event makes every period stale. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  period: (days: number) => ['analytics', days] as const,
};
