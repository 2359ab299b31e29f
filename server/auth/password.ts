import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (Algorithm.Argon2id = 2; a const enum cannot be imported under isolatedModules), OWASP's m=19 MiB, t=2. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let dummy: Promise<string> | null = null;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Verifies a password. With no stored hash (unknown email, Google-only account) it still runs
 * one verification against a dummy hash, so the answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash(randomBytes(16).toString('hex'), OPTIONS);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
