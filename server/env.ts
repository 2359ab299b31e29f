import path from 'node:path';
import { z } from 'zod';

/** An optional URL; an empty string counts as unset (as in a `.env` file's `SMTP_URL=`). */
const optionalUrl = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SCHEMAS_DIR: z.string().min(1).default('./schemas'),
  DATA_DIR: z.string().min(1).default('./data'),
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
  WATCH_SCHEMAS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: optionalUrl,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_UPLOADS_PER_USER: z.coerce.number().int().min(1).default(60),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

/** The server's runtime configuration, parsed once from the environment (PRODUCT.md §4). */
export type Env = ReturnType<typeof parseEnv>;

/** Thrown with every bad variable listed, so a bad start names them all at once. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment; relative directories resolve against `cwd`. */
export function parseEnv(source: NodeJS.ProcessEnv, cwd = process.cwd()) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = result.data;
  return {
    ...env,
    SCHEMAS_DIR: path.resolve(cwd, env.SCHEMAS_DIR),
    DATA_DIR: path.resolve(cwd, env.DATA_DIR),
    CLIENT_DIR: path.resolve(cwd, env.CLIENT_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`,
  };
}
