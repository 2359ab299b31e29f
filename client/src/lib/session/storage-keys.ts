/** localStorage keys of the session (seed-spec §3). */
export const STORAGE_KEYS = {
  accessToken: 'vendorAccessToken',
  refreshToken: 'vendorRefreshToken',
  vendorData: 'vendorData',
  skin: 'skin',
} as const;
