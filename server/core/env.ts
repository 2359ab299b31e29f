import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { secretProblem } from './secrets';

/** An empty string counts as unset (as in a `.env` file's `SMTP_URL=`). */
/** The public URL's host when it is a domain name (mail can go there), else example.com (an address, localhost). */
function mailDomainOf(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : '';
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : 'example.com';
}

const emptyIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const optionalUrl = z.preprocess(emptyIsUnset, z.url().optional());

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Express's names for address ranges, usable in TRUST_PROXY. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may say who the client is (X-Forwarded-For): `false` (none: the socket's address
 * is the client), a number of proxies in front, or their addresses / ranges. `true` is refused:
 * it would let any client choose its own address, and with it rate limits and who counts as local.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('loopback')
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (value === 'true' || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${value === 'true' ? '"true" would trust an address any client can forge' : `not an address, range or name: ${bad.join(', ')}`}; use false, the number of proxies in front (1-10), or their addresses (e.g. loopback, 10.0.0.0/8)`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SCHEMAS_DIR: z.string().min(1).default('./schemas'),
  DATA_DIR: z.string().min(1).default('./data'),
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
  WATCH_SCHEMAS: flag.default(true),
  TRUST_PROXY: trustProxySchema,
  DATABASE_URL: optionalUrl,
  /** Several instances: live events fan out through Redis pub/sub. */
  REDIS_URL: z.preprocess(emptyIsUnset, z.url({ protocol: /^rediss?$/, error: 'REDIS_URL: write a redis:// or rediss:// URL' }).optional()),
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = secretProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  SMTP_URL: optionalUrl,
  /** Where reports of reviews and contact messages go (default support@ the public URL's host). */
  SUPPORT_EMAIL: z.preprocess(emptyIsUnset, z.email('SUPPORT_EMAIL: write an email address, like support@example.com').optional()),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: optionalUrl,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ACCOUNT_CEILING: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_UPLOADS_PER_USER: z.coerce.number().int().min(1).default(60),
  /** Messages one person of a business may write to couples in an hour; unset: the messages module's 300. */
  RATE_LIMIT_MESSAGES_PER_USER: z.coerce.number().int().min(1).optional(),
  /** Live update streams one business, and one client address, may hold open on an instance. */
  LIVE_STREAMS_PER_BUSINESS: z.coerce.number().int().min(1).max(100_000).default(40),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(40),
  /** Unset: on in development only. */
  SEED_DEMO: flag.optional(),
  /** One log line per request; unset: on in production only. */
  LOG_REQUESTS: flag.optional(),
  /** After SIGTERM: how long the listener keeps accepting while readiness fails (docs/operators.md: Stopping); inside the 10 s drain. */
  SHUTDOWN_LAME_DUCK_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(8_000, 'SHUTDOWN_LAME_DUCK_MS: at most 8000, so the drain still ends within its 10 s')
    .default(2_000),
});

/** The server's runtime configuration, parsed once from the environment (docs/operators.md: Runtime configuration). */
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
  const production: string[] = [];
  if (env.NODE_ENV === 'production' && env.SEED_DEMO === true) {
    production.push('SEED_DEMO: the demo account cannot be created with NODE_ENV=production: its password is published, so anyone could sign in');
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    production.push(
      "SMTP_URL: required with NODE_ENV=production (e.g. smtp://user:pass@smtp.example.com:587): without it mail is only kept in the database, so password resets and couples' request links would never arrive",
    );
  }
  if (production.length > 0) throw new EnvError(production);
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV === 'development',
    LOG_REQUESTS: env.LOG_REQUESTS ?? env.NODE_ENV === 'production',
    SCHEMAS_DIR: path.resolve(cwd, env.SCHEMAS_DIR),
    DATA_DIR: path.resolve(cwd, env.DATA_DIR),
    CLIENT_DIR: path.resolve(cwd, env.CLIENT_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`,
    SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? `support@${mailDomainOf(env.PUBLIC_URL)}`,
  };
}
