/** Query keys of the sign-in screens' reads. */
export const authKeys = {
  invitation: (token: string) => ['invitations', token] as const,
};
