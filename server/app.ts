import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { accountRouter } from './account/account.router';
import { authRouter } from './auth/auth.router';
import type { AuthDeps } from './auth/auth.service';
import { configRouter } from './config/config.router';
import { createFormValidator } from './forms/form-validator';
import { formsRouter } from './forms/forms.router';
import { createConfigFastPath } from './config/config-fast-path';
import { AppError } from './http/app-error';
import { apiNotFound, errorHandler } from './http/error-handler';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './http/rate-limits';
import { apiSecurityHeaders, captureHeaders } from './http/security-headers';
import type { Logger } from './logger';
import { outboxRouter } from './mail/outbox.router';
import { createMediaStore } from './profile/media-store';
import { profileRouter } from './profile/profile.router';
import type { ConfigSnapshot } from './schema-store/snapshot';
import { clientPages } from './static/client-pages';
import { teamRouter } from './team/team.router';

/** What the app needs from outside; tests pass their own. */
export interface AppDeps {
  /** The current schema snapshot (the store's `current`). */
  schemas: () => ConfigSnapshot;
  logger: Logger;
  /** Folder of the built client, or null to serve the API only (tests, `npm run dev`). */
  clientDir: string | null;
  /** Accounts and sessions: database, tokens, mail. */
  auth: AuthDeps;
  rateLimits?: RateLimitSettings;
  /** Mount development tools (the mail outbox at /dev/outbox). Never in production. */
  devTools: boolean;
  /** Folder of uploaded profile images (DATA_DIR/uploads). */
  uploadsDir?: string;
}

/** A Node request listener (usable with http.createServer and supertest) plus the Express app. */
export type App = ((req: IncomingMessage, res: ServerResponse) => void) & { express: express.Express };

/** API bodies are JSON, or multipart for uploads (parsed, and limited, by the upload routes only). */
const requireJson: express.RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
  if ((hasBody || req.headers['transfer-encoding']) && !req.is(['application/json', 'multipart/form-data'])) {
    return next(new AppError(415, 'unsupported-media-type', 'Send the request body as application/json.'));
  }
  next();
};

/** Builds the HTTP app. Never listens and does no I/O until a request arrives. */
export function createApp(deps: AppDeps): App {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const apiPaths = ['/api', '/jwt'];
  app.use(apiPaths, apiSecurityHeaders, requireJson, express.json({ limit: '100kb' }));
  app.use('/api/config', configRouter(deps.schemas));
  const limits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  app.use(authRouter(deps.auth, limits));
  app.use(teamRouter(deps.auth, limits));
  // Uploaded images: written by the profile, removed with the account.
  const media = createMediaStore(deps.uploadsDir ?? path.join(tmpdir(), 'vowly-uploads'));
  app.use(accountRouter({ ...deps.auth, media }, limits));
  app.use(formsRouter({ ...deps.auth, schemas: deps.schemas, validator: createFormValidator() }));
  app.use(profileRouter({ ...deps.auth, schemas: deps.schemas, media }, limits));
  app.use(apiPaths, apiNotFound);
  if (deps.devTools && deps.auth.mailer.transport === 'outbox') app.use(outboxRouter(deps.auth.database));
  if (deps.clientDir) app.use(clientPages(deps.clientDir));
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));

  const fastPath = createConfigFastPath(deps.schemas, captureHeaders(apiSecurityHeaders));
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!fastPath(req, res)) app(req, res);
  };
  return Object.assign(listener, { express: app });
}
