/** localStorage keys of the session (docs/specification.md §3). */
export const STORAGE_KEYS = {
  accessToken: 'vendorAccessToken',
  refreshToken: 'vendorRefreshToken',
  vendorData: 'vendorData',
  skin: 'skin',
} as const;
