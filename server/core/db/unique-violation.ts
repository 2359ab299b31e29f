/**
 * Whether a database error is a unique or primary-key violation, on either store: PostgreSQL's
 * SQLSTATE 23505, or SQLite's constraint codes and message. Callers use it to tell "someone got
 * there first" (an email taken, a key already used) from a real failure.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(message ?? '');
}
