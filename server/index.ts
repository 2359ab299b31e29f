import { createServer } from 'node:http';
import { createApp } from './app';
import { EnvError, parseEnv } from './env';
import { createLogger } from './logger';
import { createSchemaStore } from './schema-store/schema-store';
import { SchemaLoadError } from './schema-store/schema-problem';

/** Server entry: the only place that reads the environment, loads schemas and listens. */
async function main() {
  const logger = createLogger();
  const env = parseEnv(process.env);
  const schemas = await createSchemaStore({ dir: env.SCHEMAS_DIR, logger, watch: env.WATCH_SCHEMAS });
  const app = createApp({ schemas: schemas.current, logger, clientDir: env.CLIENT_DIR });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info('listening', { url: `http://${env.HOST}:${port}`, schemas: env.SCHEMAS_DIR });
  process.stdout.write(`\n  Vendor dashboard running at http://${env.HOST}:${port}\n\n`);

  const stop = () => {
    schemas.close();
    server.close(() => process.exit(0));
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
