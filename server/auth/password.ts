import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id's cost: memory in KiB and passes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's argon2id minimum, m=19 MiB, t=2: what every server hashes with (about 30 ms of CPU a hash). */
export const OWASP_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

/** argon2id (Algorithm.Argon2id = 2; a const enum cannot be imported under isolatedModules), one lane. */
function optionsOf(cost: PasswordCost) {
  return { algorithm: 2, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 } as const;
}

const dummies = new Map<string, Promise<string>>();

/** Hashes a password with argon2id at `cost`. */
export function hashPassword(password: string, cost: PasswordCost = OWASP_PASSWORD_COST): Promise<string> {
  return hash(password, optionsOf(cost));
}

/**
 * Verifies a password (at the cost its hash was made with). With no stored hash (unknown email,
 * Google-only account) it still runs one verification against a dummy hash made at `cost`, so the
 * answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null, password: string, cost: PasswordCost = OWASP_PASSWORD_COST): Promise<boolean> {
  if (!stored) {
    const key = `${cost.memoryCost},${cost.timeCost}`;
    let dummy = dummies.get(key);
    if (!dummy) {
      dummy = hash(randomBytes(16).toString('hex'), optionsOf(cost));
      dummies.set(key, dummy);
    }
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
