import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { createGoogleVerifier } from './auth/google-id-token';
import { RESET_TTL_MS, type AuthDeps } from './auth/auth.service';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNT, seedDemoAccount } from './db/seed';
import { EnvError, parseEnv } from './env';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { createSchemaStore } from './schema-store/schema-store';
import { SchemaLoadError } from './schema-store/schema-problem';
import { loadJwtSecret } from './secrets';

/** Server entry: the only place that reads the environment, opens the database and listens. */
async function main() {
  const logger = createLogger();
  const env = parseEnv(process.env);
  const schemas = await createSchemaStore({ dir: env.SCHEMAS_DIR, logger, watch: env.WATCH_SCHEMAS });

  mkdirSync(env.DATA_DIR, { recursive: true });
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file: path.join(env.DATA_DIR, 'vowly.sqlite') },
  );
  const applied = await migrateToLatest(database.db as never);
  if (applied.length > 0) logger.info('migrations applied', { applied });

  const auth: AuthDeps = {
    database,
    tokens: {
      secret: loadJwtSecret(env.JWT_SECRET, env.DATA_DIR),
      issuer: env.PUBLIC_URL,
      audience: 'vowly-vendor-dashboard',
      accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: env.REFRESH_TOKEN_TTL_DAYS * 86_400,
    },
    mailer: createMailer({ smtpUrl: env.SMTP_URL, database, logger }),
    publicUrl: env.PUBLIC_URL,
    logger,
    google: env.GOOGLE_CLIENT_ID ? createGoogleVerifier({ clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL }) : null,
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    resetTtlMs: RESET_TTL_MS,
    now: Date.now,
  };
  const seeded = env.SEED_DEMO ? await seedDemoAccount(auth, schemas.current) : null;

  const app = createApp({
    schemas: schemas.current,
    logger,
    clientDir: env.CLIENT_DIR,
    auth,
    rateLimits: { windowMs: 15 * 60 * 1000, perIp: env.RATE_LIMIT_PER_IP, perAccount: env.RATE_LIMIT_PER_ACCOUNT, uploadsPerUser: env.RATE_LIMIT_UPLOADS_PER_USER },
    devTools: env.NODE_ENV !== 'production',
    uploadsDir: path.join(env.DATA_DIR, 'uploads'),
  });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  const address = server.address();
  const url = `http://${env.HOST}:${typeof address === 'object' && address ? address.port : env.PORT}`;
  logger.info('listening', { url, schemas: env.SCHEMAS_DIR, database: database.dialect, mail: auth.mailer.transport });
  const lines = [`\n  Vendor dashboard running at ${url}`];
  if (seeded) lines.push(`  Demo login: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  if (auth.mailer.transport === 'outbox' && env.NODE_ENV !== 'production') lines.push(`  Mail outbox: ${url}/dev/outbox`);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  const stop = () => {
    schemas.close();
    server.close(() => {
      void database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof SchemaLoadError) {
    process.stderr.write(`Cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
