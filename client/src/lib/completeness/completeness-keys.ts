/** Query keys of the profile's completeness: saving a form or changing the logo or gallery makes it stale. */
export const completenessKeys = {
  all: ['profile-completeness'] as const,
};
