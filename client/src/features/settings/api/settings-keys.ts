/** Query keys of the settings screen: a live event invalidates `team` or `notifications` alone. */
export const settingsKeys = {
  team: ['team'] as const,
  notifications: ['account', 'notifications'] as const,
};
