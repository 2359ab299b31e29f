import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { accountRouter, recipientsFor } from './account';
import { analyticsRouter } from './analytics';
import { availabilityRouter, type CalendarReader } from './availability';
import { authRouter, createAuthenticator, createLogins, createSessionGate, listUsers, subscribeAuth, type AuthSettings } from './auth';
import { createBilling, type BillingSettings } from './billing';
import { businessNames } from './business';
import { configRouter, createConfigFastPath, signInPage, type ConfigSnapshot } from './config';
import type { AdjustableClock } from './core/clock';
import type { Database } from './core/db/database';
import type { CoreDeps } from './core/deps';
import { creditsRouter, subscribeCredits } from './credits';
import { clockRouter } from './core/dev/clock.router';
import { devToolsRouter, type DevToolsPlan } from './core/dev/dev-tools';
import { outboxRouter } from './core/dev/outbox.router';
import { createEventBus } from './core/events/event-bus';
import { createSignedLinks } from './core/signed-links';
import { clientPages, createModulePagesFastPath } from './core/http/client-pages';
import { apiNotFound, errorHandler } from './core/http/error-handler';
import { healthRouter } from './core/http/health';
import { logWhenDone } from './core/http/access-log';
import { requestIdOf, runInRequest } from './core/request-context';
import { jsonBody } from './core/http/json-body';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './core/http/rate-limits';
import { apiSecurityHeaders, captureHeaders, noStore } from './core/http/security-headers';
import type { JobRunner } from './core/jobs/job-runner';
import type { Logger } from './core/logger';
import { createMailQueue, defineMailJob } from './core/mail/mail-queue';
import type { MailTransport } from './core/mail/mail-transport';
import type { DemoDeps } from './demo';
import { createFormValidator, formsRouter, type FormsDeps } from './forms';
import { createLive, type Live, type LiveBus, type LiveSettings } from './live';
import { subscribeMatching } from './matching';
import { defineMessageJobs, messagesRouter, subscribeMessages } from './messages';
import { reviewsRouter } from './reviews';
import {
  createPageCache,
  createVendorAnswerFastPath,
  publicPages,
  publicPagesDeps,
  publicRouter,
  sitemapRouter,
  subscribePublicPages,
  type PublicDeps,
  type VendorAnswer,
} from './public';
import { subscribeNotifications } from './notifications';
import { createGazetteer, type Gazetteer } from './places';
import { createMediaStore, defineProfileJobs, profileRouter, subscribeProfile, type ImageQueue } from './profile';
import {
  bookedEvents,
  coupleRouter,
  createQuoteListCache,
  createQuoteListFastPath,
  customerPage,
  defineQuoteJobs,
  quotesRouter,
  subscribeQuotes,
  vendorContact,
  type QuotesDeps,
} from './quotes';
import { customerLink, defineRequestJobs, requestsRouter, type RequestsDeps } from './requests';
import { supportRouter } from './support';
import { teamRouter } from './team';

/** What the app is built from; index.ts makes them from the environment, tests make their own. */
export interface AppDeps {
  database: Database;
  clock: AdjustableClock;
  logger: Logger;
  /** The job runner: its jobs are defined here and it is started by index.ts. */
  jobs: JobRunner;
  mailTransport: MailTransport;
  /** Base of links in mail (PUBLIC_URL). */
  publicUrl: string;
  /** Where reports of reviews and contact messages go (SUPPORT_EMAIL; default support@example.com). */
  supportEmail?: string;
  /** The current schema snapshot (the config store's `current`). */
  schemas: () => ConfigSnapshot;
  auth: AuthSettings;
  limits?: RateLimitSettings;
  /** The development tools under /dev (none in production), answering loopback clients only. */
  devTools: DevToolsPlan;
  /** Express's `trust proxy`: who may name the client's address (TRUST_PROXY). Default loopback. */
  trustProxy?: false | number | string[];
  /** Folder of the built client, or null to serve the API only (tests, `npm run dev`). */
  clientDir: string | null;
  /** Folder of uploaded profile images (DATA_DIR/uploads). */
  uploadsDir?: string;
  /** The image queue (default: one made by the profile module). */
  images?: ImageQueue;
  /** The reader of calendar files (default: one made by the availability module). */
  calendars?: CalendarReader;
  /** The gazetteer of US places (default: the offline one of the places module). */
  places?: Gazetteer;
  /** Billing's provider settings (default: the sandbox, its webhooks handed over in-process). */
  billing?: BillingSettings;
  /** How instances hear of live events (default: in process; with REDIS_URL, Redis pub/sub). */
  liveBus?: LiveBus;
  /** The live streams' heartbeat and bounds (default: DEFAULT_LIVE_SETTINGS). */
  live?: Partial<LiveSettings>;
  /** Whether this instance is shutting down, for `GET /readyz` (default: never). */
  draining?: () => boolean;
  /** One log line per request (LOG_REQUESTS; default off). Every line carries the request's id either way. */
  accessLog?: boolean;
}

/** A Node request listener (usable with http.createServer and supertest), the Express app, and the modules' deps. */
export type App = ((req: IncomingMessage, res: ServerResponse) => void) & {
  express: express.Express;
  /** What the demo seed and tests call the modules with: the forms' deps (the core with them), auth's logins, billing's, and the modules on another clock. */
  deps: DemoDeps;
  /** The live streams: ended first on shutdown, so the HTTP side can drain. */
  live: Live;
};

/** Builds the app: wires the core, then each module, in the order requests meet them. Does no I/O. */
export function createApp(deps: AppDeps): App {
  // The core every module stands on; its bearer check is auth's (the token, then the session gate).
  const sessions = createSessionGate({ database: deps.database, clock: deps.clock });
  const core: CoreDeps = {
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    events: createEventBus(deps.database),
    jobs: deps.jobs,
    mail: createMailQueue(deps.jobs),
    publicUrl: deps.publicUrl,
    limits: deps.limits ?? DEFAULT_RATE_LIMITS,
    authenticate: createAuthenticator({ tokens: deps.auth.tokens, sessions, clock: deps.clock }),
    links: createSignedLinks(deps.auth.tokens.secret),
  };

  // Each module's deps: the core, and what it needs of other modules through their index.ts.
  const auth = { ...core, ...deps.auth, sessions };
  const logins = createLogins(auth);
  const forms: FormsDeps = { ...core, schemas: deps.schemas, validator: createFormValidator(), places: deps.places ?? createGazetteer() };
  const requests: RequestsDeps = { ...core, schemas: deps.schemas, validator: forms.validator, places: forms.places };
  const quotes: QuotesDeps = requests;
  const publicSide: PublicDeps = { ...core, schemas: deps.schemas, places: forms.places };
  const publicPageDeps = publicPagesDeps(publicSide);
  const publicPageCache = createPageCache();
  const publicVendorAnswers = createPageCache<VendorAnswer | null>();
  const quoteLists = createQuoteListCache(quotes);
  const billing = createBilling({ ...core, jobs: deps.jobs, schemas: deps.schemas, secret: deps.auth.tokens.secret }, deps.billing);
  const profile = { ...core, schemas: deps.schemas, media: createMediaStore(deps.uploadsDir ?? path.join(tmpdir(), 'vowly-uploads')), images: deps.images };

  // Jobs and subscriptions: what runs later, or when another module changes something.
  defineMailJob(deps.jobs, deps.mailTransport);
  defineProfileJobs(deps.jobs, profile.media);
  defineRequestJobs(deps.jobs, requests);
  defineQuoteJobs(deps.jobs, quotes);
  defineMessageJobs(deps.jobs, core);
  subscribeAuth(auth);
  subscribeProfile(core);
  subscribeNotifications({
    ...core,
    supportEmail: deps.supportEmail ?? 'support@example.com',
    lookups: {
      recipientsFor,
      teamEmails: async (db, vendorId) => (await listUsers(db, vendorId)).map((user) => user.email),
      businessNames,
      customerLink: (requestId) => customerLink(core, requestId),
      vendorContact,
    },
  });
  subscribeCredits(core, () => deps.schemas().config.plans.trialCredits);
  subscribeMatching(quotes);
  subscribeQuotes(quotes);
  subscribeMessages(quotes);
  subscribePublicPages(core, publicPageCache, publicVendorAnswers);
  const live = createLive(core, { sessions, bus: deps.liveBus, settings: deps.live });

  // HTTP: the API, the development tools, the client.
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? 'loopback');
  // First: a load balancer's checks need no login, no body and no limit.
  app.use(
    healthRouter({
      database: deps.database,
      redis: deps.liveBus?.ping ? { ping: () => deps.liveBus!.ping!() } : undefined,
      draining: deps.draining ?? (() => false),
    }),
  );
  const apiPaths = ['/api', '/jwt', '/sandbox'];
  // The provider's webhooks are signed over their raw bytes: they are read before the JSON parser.
  app.use(billing.webhooks);
  app.use([...apiPaths, '/dev'], apiSecurityHeaders, noStore, ...jsonBody);
  app.use('/api/config', configRouter(deps.schemas));
  app.use(authRouter(auth));
  app.use(teamRouter({ ...core, logins }));
  app.use(accountRouter(core));
  app.use(formsRouter(forms));
  app.use(profileRouter(profile));
  app.use(requestsRouter(requests, (token) => customerPage(quotes, token)));
  app.use(coupleRouter(quotes));
  app.use(messagesRouter(core));
  app.use(reviewsRouter(core));
  app.use(publicRouter(publicSide, publicVendorAnswers));
  app.use(live.router);
  app.use(supportRouter(core));
  app.use(quotesRouter(quotes, quoteLists));
  app.use(creditsRouter(core));
  app.use(analyticsRouter({ ...core, schemas: deps.schemas }));
  app.use(billing.router);
  if (billing.providerRouter) app.use(billing.providerRouter);
  app.use(availabilityRouter({ ...core, schemas: deps.schemas, bookings: bookedEvents, calendars: deps.calendars }));
  app.use(apiPaths, apiNotFound);
  app.use('/dev', devToolsRouter(deps.devTools, { clock: clockRouter({ clock: deps.clock, jobs: deps.jobs }), outbox: outboxRouter(deps.database) }));
  // robots.txt and the sitemap answer even with no client built (docs/marketplace.md: Public profile and directory).
  app.use(sitemapRouter(publicPageDeps));
  const modulePages = publicPages(publicPageDeps, publicPageCache);
  if (deps.clientDir) app.use(clientPages(deps.clientDir, () => signInPage(deps.schemas()), modulePages));
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));

  // The hottest GETs, answered before Express when all goes well (docs/benchmarks.md).
  const securityHeaders = captureHeaders(apiSecurityHeaders);
  const configFastPath = createConfigFastPath(deps.schemas, securityHeaders);
  const quoteListFastPath = createQuoteListFastPath(core, quoteLists, securityHeaders);
  const pagesFastPath = deps.clientDir ? createModulePagesFastPath(deps.clientDir, modulePages) : () => false;
  const vendorAnswerFastPath = createVendorAnswerFastPath(publicVendorAnswers, securityHeaders);
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    if (!configFastPath(req, res) && !pagesFastPath(req, res) && !vendorAnswerFastPath(req, res) && !quoteListFastPath(req, res, () => app(req, res)))
      app(req, res);
  };
  // Every request has an id (a proxy's X-Request-Id, or a new one), answered in X-Request-Id and on
  // every log line written while it is handled (docs/operators.md).
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdOf(req);
    res.setHeader('X-Request-Id', requestId);
    runInRequest(requestId, () => {
      if (deps.accessLog) logWhenDone(deps.logger, req, res);
      dispatch(req, res);
    });
  };
  // The demo tells its past on these modules built again on its own clock and jobs, in-process
  // (its payments' webhooks included) and apart from this app's live streams.
  const onClock = (clock: AdjustableClock, jobs: JobRunner) => createApp({ ...deps, clock, jobs, billing: {}, liveBus: undefined, clientDir: null }).deps;
  const demo: DemoDeps = { ...forms, logins, billing: { deps: billing.deps, tokenise: billing.tokenise }, onClock };
  return Object.assign(listener, { express: app, deps: demo, live });
}
