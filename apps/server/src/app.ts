import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { vaAttendance } from '@vahub/shared/attendance/endpoints';
import { AREAS } from '@vahub/shared/auth/roles';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config';
import type { Database } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import {
  clientErrorHandler,
  errorHandler,
  frameworkErrors,
  installFrameworkErrors,
  MAX_PARAM_LENGTH,
  sendNotFound,
} from './lib/error-handler';
import { safeLogging } from './lib/log-safety';
import type { ModuleContext } from './lib/module';
import { openApiOptions } from './lib/openapi';
import { accessGuard, createRoute } from './lib/route';
import type { App, Deps } from './lib/types';
import { createViewer, usersWhoSeeVa } from './modules/access/public';
import { aiModule } from './modules/ai/ai.module';
import { attendanceModule } from './modules/attendance/attendance.module';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import { authenticate, authenticateSocketToken, liveSessions } from './modules/auth/public';
import { billingModule } from './modules/billing/billing.module';
import { calendarModule } from './modules/calendar/calendar.module';
import { contractsModule } from './modules/contracts/contracts.module';
import { dataRightsModule } from './modules/data-rights/data-rights.module';
import { directoryModule } from './modules/directory/directory.module';
import { mailModule } from './modules/mail/mail.module';
import { createMailer, type Mailer } from './modules/mail/public';
import { mailAccountsModule } from './modules/mail-accounts/mail-accounts.module';
import { moneyModule } from './modules/money/money.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { organizationsModule } from './modules/organizations/organizations.module';
import { peopleModule } from './modules/people/people.module';
import { projectsModule } from './modules/projects/projects.module';
import { requestsModule } from './modules/requests/requests.module';
import { screenshotsModule } from './modules/screenshots/screenshots.module';
import { systemModule } from './modules/system/system.module';
import { timesheetsModule } from './modules/timesheets/timesheets.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { opsRoutes } from './platform/backup/ops.routes';
import { createDirectory } from './platform/directory/create-directory';
import { createEvents } from './platform/events/events';
import { createJobs } from './platform/jobs/pg-boss-jobs';
import { createLanguageModel } from './platform/llm/create-language-model';
import type { LanguageModel } from './platform/llm/types';
import { createMailAccounts } from './platform/mail-accounts/create-mail-accounts';
import { createMetrics } from './platform/metrics/metrics';
import { operationsRoutes } from './platform/metrics/operations.routes';
import { createPayments } from './platform/payments/create-payments';
import { createRateLimits } from './platform/rate-limit/create-rate-limits';
import { realtimeRoutes } from './platform/realtime/realtime.routes';
import { createRealtime, type RealtimeOptions } from './platform/realtime/realtime.service';
import { createSso } from './platform/sso/create-sso';
import { createStorage, storageOrigins } from './platform/storage/create-storage';
import { signedFileRoutes } from './platform/storage/signed-files.routes';
import { createTransact } from './platform/transaction';
import { createWebhookSender } from './platform/webhooks/create-webhook-sender';
import { registerWeb } from './web';

export type BuildOptions = {
  config: Config;
  database: Database;
  secret: Uint8Array;
  clock?: Clock;
  mailer?: Mailer;
  /** A language model other than the configuration's (none in tests that want the built-in analyst). */
  llm?: LanguageModel;
  logger?: boolean | Record<string, unknown>;
  /** The token of `POST /api/ops/backup` (main.ts writes it to DATA_DIR/ops.json); none: the route answers 404. */
  opsToken?: string;
  /** Socket timings and the Redis channel (tests shorten the one and isolate the other). */
  realtime?: Pick<RealtimeOptions, 'heartbeatMs' | 'authTimeoutMs' | 'closeGraceMs' | 'redisChannel'>;
};

export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    logger: safeLogging(opts.logger ?? { level: config.LOG_LEVEL }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Every log line of a request carries `request_id`, the same id the problem+json answers name.
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    ajv: { customOptions: { coerceTypes: false } },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  installFrameworkErrors(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const log: FastifyBaseLogger = app.log;
  const transaction = createTransact(opts.database.db, log);
  const clock = opts.clock ?? systemClock;
  const jobs = createJobs(opts.database, log, {
    enabled: config.JOBS_ENABLED,
    crons: config.JOBS_CRONS,
    pollingIntervalSeconds: config.JOBS_POLL_SECONDS,
  });
  const events = createEvents({
    db: opts.database.db,
    transaction,
    clock,
    log,
    settings: { enabled: config.JOBS_ENABLED, pollIntervalMs: config.EVENTS_POLL_SECONDS * 1000 },
  });
  // The closures read `deps` when a socket authenticates or a message is published, long after it exists.
  const realtime = createRealtime({
    log,
    redisUrl: config.REDIS_URL,
    clock: () => clock.now(),
    authenticate: (token) => authenticateSocketToken(deps, token),
    usersWhoSeeVa: (organizationId, vaId) => usersWhoSeeVa(deps.db, organizationId, vaId),
    liveSessions: (ids) => liveSessions(deps, ids),
    ...opts.realtime,
  });
  const deps: Deps = {
    db: opts.database.db,
    transaction,
    database: opts.database,
    config,
    clock,
    mailer: opts.mailer ?? createMailer({ config, db: opts.database.db, transaction, jobs, clock, log }),
    jobs,
    events,
    log,
    secret: opts.secret,
    storage: createStorage(config, { secret: opts.secret, clock, log }),
    rateLimits: createRateLimits(config, { clock, log }),
    payments: createPayments(config, log),
    authenticate: (request) => authenticate(deps, request),
    viewers: createViewer,
    realtime,
    llm: opts.llm ?? createLanguageModel(config),
    directory: createDirectory(config, log),
    sso: createSso(config, log),
    mailAccounts: createMailAccounts(config, log),
    webhooks: createWebhookSender(config),
  };
  app.decorate('deps', deps);
  app.decorateRequest('viewer', null);
  app.addHook('onClose', async () => {
    await Promise.all([deps.rateLimits.close(), deps.storage.close()]);
  });
  // Browsers load signed URLs of an S3 store straight from it.
  const fileOrigins = storageOrigins(config);
  // Workers, schedules and consumers are registered while the app is built; they start once it is ready.
  app.addHook('onReady', async () => {
    await jobs.start();
    await events.start();
  });

  // Security headers on every answer (helmet, made once: @fastify/helmet made it again on each request, parsing the
  // policy each time: a few per cent of a ping's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in style tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...fileOrigins],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  await app.register(formbody, { bodyLimit: config.BODY_LIMIT_BYTES });
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 5, fields: 20 } });
  await app.register(swagger, {
    openapi: openApiOptions(config),
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const moduleContext: ModuleContext = { app, deps, route: createRoute(app, deps) };
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  const modules = [authModule, systemModule, mailModule, peopleModule, organizationsModule, auditModule];
  for (const module of [
    ...modules,
    contractsModule,
    attendanceModule,
    screenshotsModule,
    timesheetsModule,
    requestsModule,
    notificationsModule,
    projectsModule,
    billingModule,
    calendarModule,
    aiModule,
    directoryModule,
    mailAccountsModule,
    webhooksModule,
    moneyModule,
    dataRightsModule,
  ])
    module.register(moduleContext);
  signedFileRoutes(app, deps);
  // Metrics only when METRICS_TOKEN is set: otherwise no hook runs per request.
  const metrics = config.METRICS_TOKEN
    ? createMetrics(
        {
          db: deps.db,
          sockets: () => realtime.size,
          pool: () => opts.database.pool?.() ?? null,
        },
        { hotRoutes: [vaAttendance.pings.path] },
      )
    : null;
  if (metrics)
    app.addHook('onResponse', (request, reply, done) => {
      metrics.onResponse(request, reply);
      done();
    });
  operationsRoutes(app, deps, metrics);
  opsRoutes(app, deps, opts.opsToken);
  await realtimeRoutes(app, realtime);

  // An unknown path under an area answers 403 to a role outside it and 404 inside it (the route guard's rule).
  for (const area of AREAS) {
    const prefix = `/api/v1/${area}-access`;
    const guard = accessGuard(deps, { access: 'signed_in', path: `${prefix}/` });
    await app.register(
      async (scope) => {
        scope.setNotFoundHandler(async (request, reply) => {
          await guard.call(scope, request, reply, () => {});
          return sendNotFound(request, reply);
        });
      },
      { prefix },
    );
  }

  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => {
    // Background work stops (briefly finishing what is active) while the database is still open.
    await Promise.all([events.stop(), jobs.stop()]);
    await opts.database.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
