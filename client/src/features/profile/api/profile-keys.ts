/** Query keys of the business profile. */
export const profileKeys = {
  all: ['profile'] as const,
};
