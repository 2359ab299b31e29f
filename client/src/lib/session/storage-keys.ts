/** localStorage keys of the session (docs/specification.md §3). */
export const STORAGE_KEYS = {
  accessToken: 'vendorAccessToken',
  refreshToken: 'vendorRefreshToken',
  vendorData: 'vendorData',
  /** When the session ends (epoch ms, from the server's token answers): an ended session is cleared before anything renders. */
  refreshExpiresAt: 'vendorRefreshExpiresAt',
  skin: 'skin',
} as const;
