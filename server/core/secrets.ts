import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError, describeCause } from './startup-error';

/**
 * Bits a secret must carry by a character-frequency estimate. 32 random bytes written in base64
 * score at least ~184 and in hex ~218; short, repeated or patterned text scores far less. It is
 * an estimate: it catches "a", "secret" × 8 or a dictionary phrase, not every guessable string.
 */
const MIN_ESTIMATED_BITS = 160;
const MIN_LENGTH = 32;

function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / length) * Math.log2(count / length);
  return perChar * length;
}

/** Why `secret` cannot sign tokens (too short, or not random enough), or null when it can. */
export function secretProblem(secret: string): string | null {
  if (Buffer.byteLength(secret) < MIN_LENGTH) return `is ${Buffer.byteLength(secret)} bytes; it must be at least ${MIN_LENGTH} random bytes`;
  if (estimatedBits(secret) < MIN_ESTIMATED_BITS) return 'is not random enough (repeated or patterned characters); it must be at least 32 random bytes';
  return null;
}

const HOW_TO_FIX =
  'Write at least 32 random bytes into it (e.g. `openssl rand -base64 48`), or delete it to have one generated (every vendor then signs in again).';

/**
 * The JWT signing secret: JWT_SECRET when set (checked by the environment's parser), otherwise
 * the one kept in DATA_DIR/jwt-secret (readable by the owner only), generated on first start so
 * sessions survive restarts. A file that is unreadable, empty or weak stops the start with a
 * message naming it.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  let stored: string;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new StartupError(`Cannot read the JWT secret ${file} (${describeCause(error)}). ${HOW_TO_FIX}`, { cause: error });
    stored = generate(file, dataDir);
  }
  const problem = secretProblem(stored);
  if (problem) throw new StartupError(`The JWT secret in ${file} ${problem}. ${HOW_TO_FIX}`);
  return new TextEncoder().encode(stored);
}

/**
 * Writes a new secret under a temporary name and links it into place: the file appears whole or
 * not at all, and when another instance sharing DATA_DIR got there first, its secret is used.
 */
function generate(file: string, dataDir: string): string {
  const secret = randomBytes(48).toString('base64url');
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(temporary, `${secret}\n`, { mode: 0o600 });
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw new StartupError(`Cannot create the JWT secret ${file} (${describeCause(error)}). Check that the server may write to ${dataDir}.`, { cause: error });
  } finally {
    rmSync(temporary, { force: true });
  }
}
