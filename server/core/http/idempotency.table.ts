/** The first answer to each `Idempotency-Key` of a user, kept 24 hours (docs/marketplace.md). */
export interface IdempotencyKeysTable {
  /** Whose key it is (the user). */
  scope: string;
  key: string;
  /** SHA-256 of the method, path and body the key was first used with. */
  fingerprint: string;
  state: 'running' | 'done';
  status: number | null;
  /** JSON `{ contentType, body }` of the first answer. */
  body: string | null;
  created_at: number;
  /** While `running`: until when the request's process holds the key (renewed as it runs); past it, a retry runs the request again. */
  lease_until: number;
  expires_at: number;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
