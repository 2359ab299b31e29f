import { randomBytes } from 'node:crypto';
import { createApp, type App } from '../../server/app';
import { RESET_TTL_MS, type AuthDeps } from '../../server/auth/auth.service';
import type { GoogleVerifier } from '../../server/auth/google-id-token';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { RateLimitSettings } from '../../server/http/rate-limits';
import { createMemoryLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { createSchemaStore, type SchemaStore } from '../../server/schema-store/schema-store';
import { SCHEMAS_DIR } from './schemas';

/** The databases a data-layer suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh, migrated database: SQLite in memory, or a private schema in the PostgreSQL test database. */
export async function openTestDatabase(kind: 'sqlite' | 'postgres' = 'sqlite'): Promise<Database & { schema?: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const database = await openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(database.db as never);
    return { ...database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url });
  await admin.db.schema.createSchema(schema).execute();
  await admin.close();
  const database = await openDatabase({ kind: 'postgres', url, schema });
  await migrateToLatest(database.db as never, schema);
  return {
    ...database,
    schema,
    async drop() {
      await database.close();
      const cleanup = await openDatabase({ kind: 'postgres', url });
      await cleanup.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await cleanup.close();
    },
  };
}

export interface TestContext {
  app: App;
  auth: AuthDeps;
  /** `schema`: the PostgreSQL schema of this context (undefined on SQLite). */
  database: Database & { schema?: string };
  store: SchemaStore;
  logger: ReturnType<typeof createMemoryLogger>;
  /** Moves the services' clock (token and link expiry) forward. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export interface TestContextOptions {
  database?: 'sqlite' | 'postgres';
  schemasDir?: string;
  watch?: boolean;
  rateLimits?: RateLimitSettings;
  accessTtlSeconds?: number;
  google?: { verifier: GoogleVerifier; clientId: string };
  /** Folder of uploaded images (suites that upload pass a temporary one). */
  uploadsDir?: string;
}

/** A whole app on a fresh database and the real (or a copied) schema folder. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const logger = createMemoryLogger();
  const database = await openTestDatabase(options.database ?? 'sqlite');
  const store = await createSchemaStore({ dir: options.schemasDir ?? SCHEMAS_DIR, logger, watch: options.watch ?? false, debounceMs: 20 });
  let offset = 0;
  const auth: AuthDeps = {
    database,
    tokens: {
      secret: randomBytes(32),
      issuer: 'http://127.0.0.1:3000',
      audience: 'vowly-vendor-dashboard',
      accessTtlSeconds: options.accessTtlSeconds ?? 900,
      refreshTtlSeconds: 30 * 86_400,
    },
    mailer: createMailer({ smtpUrl: undefined, database, logger }),
    publicUrl: 'http://127.0.0.1:3000',
    logger,
    google: options.google?.verifier ?? null,
    googleClientId: options.google?.clientId ?? null,
    resetTtlMs: RESET_TTL_MS,
    now: () => Date.now() + offset,
  };
  const app = createApp({
    schemas: store.current,
    logger,
    clientDir: null,
    auth,
    rateLimits: options.rateLimits ?? { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
    devTools: true,
    uploadsDir: options.uploadsDir,
  });
  return {
    app,
    auth,
    database,
    store,
    logger,
    advanceClock: (ms) => {
      offset += ms;
    },
    async close() {
      store.close();
      await database.drop();
    },
  };
}
