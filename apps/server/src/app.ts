import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import mercurius from 'mercurius';
import { buildSchema } from './graphql/schema.ts';
import { AppError, errorString } from '@careline/domain/errors';
import { errorCodes, formatGraphQLErrors, sanitiseError } from './graphql/errors.ts';
import { graphqlValidationRules, nulTextMessage, variablesHoldNul } from './graphql/limits.ts';
import { createSubscriptionLimits } from './graphql/subscription-limits.ts';
import {
  liveUpdatesBuffered,
  liveUpdatesDropped,
  openSubscriptions,
  openWebsockets,
  smsOutboxWaiting,
  watchJobQueue,
} from './metrics/metrics.ts';
import { countGraphQLErrors, registerMetricsRoute, registerRequestMetrics } from './metrics/metrics.routes.ts';
import { createSharedLive } from './graphql/shared-live.ts';
import mqemitter from 'mqemitter';
import { isParsedDocument } from './graphql/parsed-document.ts';
import type { GraphQLContext } from './graphql/context.ts';
import type { Viewer } from './modules/auth/auth.viewer.ts';
import {
  activeStaffAccessSessionIds,
  isStaffToken,
  resolveStaffToken,
  type StaffViewer,
} from './modules/staff/staff.access-sessions.ts';
import { activeAccessSessionIds, resolveAccessToken } from './modules/auth/auth.access-sessions.ts';
import { createLiveSessions } from './graphql/live-sessions.ts';
import { startAuthPruning } from './modules/auth/auth.prune.ts';
import { deleteExpiredIdempotencyKeys } from './modules/idempotency/idempotency.repo.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerManifestRoutes } from './modules/tenants/manifest.routes.ts';
import { asksTenantConfigOnly, tenantConfigAnswer } from './modules/tenants/index.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerFeedbackLinkRoutes } from './modules/consultations/feedback-link.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { closeOpenOrderInvoice, registerOrderPaymentPort, registerSessionRefundJobs } from './modules/payments/index.ts';
import { orderPaymentSide, registerOrderInvoiceCloser } from './modules/orders/index.ts';
import { registerInvoicePdfRoutes } from './modules/payments/invoice-pdf.routes.ts';
import { registerLabReportPdfRoutes } from './modules/lab-reports/lab-report-pdf.routes.ts';
import { registerFhirExportRoutes } from './modules/fhir/fhir-export.routes.ts';
import { paymentSandboxOn, registerCyberSourceSandboxRoutes } from './providers/payment-gateways/sandbox/cybersource-sandbox.routes.ts';
import { registerGenieSandboxRoutes } from './providers/payment-gateways/sandbox/genie-sandbox.routes.ts';
import { registerMobileBillSandboxRoutes } from './providers/payment-gateways/sandbox/mobile-bill-sandbox.routes.ts';
import { registerDevRoutes } from './modules/dev/dev.routes.ts';
import { registerWebApp } from './web-app.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { requestLogger } from './http/request-logger.ts';
import { redactUrl } from './http/redact-url.ts';
import { activeTraceId } from './tracing/tracing-bridge.ts';
import { registerCompression } from './http/compression.ts';
import { capConnectionsPerAddress, closeSilentConnections } from './connection-limits.ts';
import { createPubSubEmitter } from './providers/pubsub/pubsub.ts';
import { createLivePublisher, type LiveChannelCounters } from './providers/pubsub/live-publisher.ts';
import { createLiveClients } from './graphql/live-resync.ts';
import { createPresence, type Presence } from './providers/presence/presence.ts';
import { createJobQueue, type JobQueue } from './modules/jobs/jobs.ts';
import { createSmsOutbox, smsRetryOf, type SmsOutbox } from './modules/sms/index.ts';
import { registerLeaveHomeJobs } from './modules/consultations/leave-home.service.ts';
import { registerTemporaryAppointmentJobs } from './modules/consultations/temporary-appointments.service.ts';
import { registerAppointmentNoticeJobs } from './modules/consultations/appointment-notices.service.ts';
import type { AppDeps } from './app-deps.ts';

const CORRELATION_HEADER = 'x-correlation-id';
// Errors met while building a request's GraphQL context, keyed by that context.
// The viewer each HTTP request's token resolved to, set by the /graphql route's preHandler.
type RequestAuth = { viewer: Viewer | null; staff: StaffViewer | null; rejectedToken: boolean };
const requestAuth = new WeakMap<FastifyRequest, RequestAuth>();
const anonymous: RequestAuth = { viewer: null, staff: null, rejectedToken: false };
const correlationPattern = /^[A-Za-z0-9._:-]{1,100}$/;

function bearerToken(header: string | undefined): string | null {
  if (!header) {
    return null;
  }
  const match = /^(?:Bearer\s+)?(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

function clientIp(request: FastifyRequest): string {
  return request.ip;
}

/**
 * `{ tenantConfig }` alone (every page load asks it) is answered from the tenant's serialised config,
 * through the same header, compression, metrics and log hooks as any answer (issue 33 §5); any other
 * request goes on to Mercurius. A function of its own: a closure made per request costs a name define
 * under esbuild's keepNames (bench:graphql).
 * @param tenants - the tenant registry
 * @param request - the /graphql request, its token (if any) checked
 * @param reply - its reply
 * @param done - the preHandler's callback
 */
function answerTenantConfigOrGoOn(
  tenants: AppDeps['tenants'],
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  const sent = request.method === 'GET' ? request.query : request.body;
  if (request.validationError === undefined && asksTenantConfigOnly(sent)) {
    void reply.type('application/json; charset=utf-8').send(tenantConfigAnswer(tenants.resolve(request.hostname).publicConfig));
    return;
  }
  done();
}

/**
 * Builds the whole server (GraphQL, live updates, blobs, dev routes, web app) from config.
 * Tests build it too, with their own database.
 * @param deps - validated env, open database, tenant registry and providers
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Payments owns invoices and order payment; each module reaches the other only through these.
  registerOrderPaymentPort(orderPaymentSide);
  registerOrderInvoiceCloser(closeOpenOrderInvoice);
  const { env, database, tenants, providers } = deps;
  const production = env.NODE_ENV === 'production';

  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.hostname,
          remoteAddress: req.ip,
        }),
      },
    },
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    // A request's pino child is made at its first line written (issue 33 §5): most write none.
    childLoggerFactory: requestLogger,
    // A client's own correlation id when well formed; else, with tracing on, the request's trace id, so a
    // log line or audit row leads straight to its trace (issue 31 §3.11); else a fresh UUID.
    genReqId: (req) => {
      const sent = req.headers[CORRELATION_HEADER];
      return typeof sent === 'string' && correlationPattern.test(sent) ? sent : (activeTraceId() ?? randomUUID());
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Slow clients (issue 6 §1): trickled headers or bodies and idle keep-alive sockets are closed.
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxRequestsPerSocket: env.HTTP_MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: env.HTTP_CONNECTIONS_CHECK_INTERVAL_MS,
    },
  });
  closeSilentConnections(app.server, env.HTTP_HEADERS_TIMEOUT_MS);
  // Gateway requests to relative URLs (the sandbox) are answered by this app, in-process.
  providers.gatewayHttp.bindLocal(app);
  if (!env.TRUST_PROXY) {
    capConnectionsPerAddress(app.server, env.HTTP_MAX_CONNECTIONS_PER_ADDRESS);
  }

  registerRequestMetrics(app);
  // One synchronous onRequest hook sets the correlation id and the precomputed security headers: an
  // async hook per header costs a promise per request (issue 33 §5, bench:graphql).
  await registerSecurityHeaders(app, { production, tenants, correlationHeader: CORRELATION_HEADER });
  await registerCompression(app);

  // Non-GraphQL routes: a server fault never shows its message (SQL, parameters) to the client
  // (STYLE.md); Fastify's own 4xx refusals (bad JSON, body too large) get the generic request error.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: errorString('ARO-E2002') });
    }
    request.log.error({ err: sanitiseError(error), correlationId: request.id }, 'request failed');
    const hospital = tenants.resolve(request.hostname).publicConfig.branding.hospitalName;
    return reply.code(500).send({ error: errorString('ARO-E9999', { hospital }) });
  });

  // A token is a patient's or a staff member's, told apart by its prefix and looked up in that table
  // only: the viewer of a request is never both (issue 7 point 1).
  const viewerFor = async (tenantId: string | null, token: string | null): Promise<RequestAuth> => {
    if (!token) {
      return anonymous;
    }
    if (isStaffToken(token)) {
      const staff = await resolveStaffToken(database.db, tenantId, token);
      return { viewer: null, staff, rejectedToken: staff === null };
    }
    const viewer = await resolveAccessToken(database.db, tenantId, token);
    return { viewer, staff: null, rejectedToken: viewer === null };
  };

  // This instance's live sockets, asked to read again when the channel returns after an outage.
  const liveClients = createLiveClients();
  const pubsub = createPubSubEmitter(env, {
    down: (message, error) => app.log.error({ err: sanitiseError(error) }, message),
    up: (message) => app.log.info(message),
    // What was published while this instance did not listen never came: its clients read again.
    resync: () => {
      const asked = liveClients.askToResync();
      app.log.info({ clients: asked }, 'live updates listen again: clients asked to read again');
    },
  });
  // One emitter for Mercurius's subscriptions and the shared deliveries: Redis's, else this process's.
  const emitter = pubsub?.emitter ?? mqemitter();
  // Mercurius's publish takes a callback; resolves once the emitter (in-process or Redis) has it.
  const emit = (topic: string, payload: unknown): Promise<void> =>
    new Promise((resolve, reject) => {
      app.graphql.pubsub.publish({ topic, payload }, (error?: unknown) => {
        if (error) {
          reject(
            error instanceof Error ? error : new Error('pub/sub publish failed', { cause: error }),
          );
          return;
        }
        resolve();
      });
    });
  // A change never waits on the live-update channel (issue 31 §2.6): publish only queues the update.
  const liveChannel = createLivePublisher({
    send: emit,
    canSend: pubsub ? pubsub.canPublish : () => true,
    capacity: env.LIVE_UPDATE_BUFFER,
    log: {
      dropping: (message) => app.log.warn({ counters: liveChannel.counters }, message),
      drained: (message) => app.log.info({ counters: liveChannel.counters }, message),
    },
  });
  pubsub?.onPublisherReady(liveChannel.drain);
  const publish = liveChannel.publish;
  app.decorate('liveChannel', liveChannel.counters);
  app.addHook('onClose', async () => {
    liveChannel.close();
  });

  // Websockets by the sign-in they subscribed with: closed when it ends (sign-out here at once; a
  // revocation, expiry or another instance's sign-out at the next sweep).
  const liveSessions = createLiveSessions(
    (kind, ids, now) =>
      kind === 'patient' ? activeAccessSessionIds(database.db, ids, now) : activeStaffAccessSessionIds(database.db, ids, now),
    env.GRAPHQL_WS_SESSION_CHECK_MS,
  );
  const endLiveSession = (accessSessionId: string): void => liveSessions.end(accessSessionId);

  // The kept job queue on this database (issue 8 §3): eager at boot so jobs of a previous run are
  // picked up; lazy in tests (started by the first job sent), so apps that send none pay nothing.
  const jobs = createJobQueue(database, { pollIntervalMs: env.JOBS_POLL_INTERVAL_MS, log: app.log });
  registerTemporaryAppointmentJobs(jobs, { db: database.db, publish, log: app.log });
  // Expired idempotency keys go every 10 minutes, on one instance (was a timer in every instance).
  jobs.work('idempotency-keys-prune', async () => {
    await deleteExpiredIdempotencyKeys(database.db, new Date());
  });
  jobs.every('idempotency-keys-prune', '*/10 * * * *', {});
  // Every SMS but the sign-in code: written with the change that causes it, sent by its job with
  // retries, dead-lettered after the last (issue 31 §4.12).
  const smsOutbox = createSmsOutbox({
    db: database.db,
    jobs,
    sender: providers.sms,
    retry: smsRetryOf(env),
    log: app.log,
  });
  app.decorate('smsOutbox', smsOutbox);
  app.decorate('jobs', jobs);
  // A session the hospital cancels refunds its paid appointments by these jobs (issue 32 §2.5).
  registerSessionRefundJobs(jobs, {
    db: database.db,
    tenants,
    // Read at each call, as the requests' context reads it (tests swap the requester).
    gatewayHttp: async (url, init) => providers.gatewayHttp(url, init),
    smsOutbox,
    publish,
    log: app.log,
  });
  // The evening reminders and the doctor-late notices, swept every minute on one instance (issue 32 §1.1, §1.4).
  registerAppointmentNoticeJobs(jobs, { db: database.db, tenants, smsOutbox, publish, log: app.log });
  // 'Leave home now' (issue 32 §1.3): a quiet queue still comes due, so every minute on one instance.
  registerLeaveHomeJobs(jobs, {
    db: database.db,
    smsOutbox,
    publish,
    log: app.log,
    settingsOf: (tenantId) => (tenants.byId(tenantId) ?? tenants.defaultTenant).publicConfig.leaveHome,
  });
  const unwatchSmsOutbox = smsOutboxWaiting.add(() => smsOutbox.waiting());
  app.addHook('onClose', async () => {
    unwatchSmsOutbox();
  });
  if ((env.JOBS_START ?? (env.NODE_ENV === 'test' ? 'lazy' : 'eager')) === 'eager') {
    app.addHook('onReady', async () => {
      await jobs.start();
    });
  }
  // Stopped before the caller closes the database (main.ts, tests), or a worker polls a closed one.
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  // Who is online (chat agents, patients watching), shared by every instance through Redis when set.
  const presence = createPresence(env, (error) => app.log.debug({ err: sanitiseError(error) }, 'presence: Redis call failed, answered from this instance'));
  app.decorate('presence', presence);
  app.addHook('onClose', async () => {
    await presence.close();
  });
  if (pubsub) {
    // Close the Redis connections with the app, or the process (and tests) never exit.
    app.addHook('onClose', async () => {
      await pubsub.close();
    });
  }

  // The same rules for HTTP and for operations over the websocket (preSubscriptionParsing below).
  const validationRules = graphqlValidationRules({
    production,
    maxCost: env.GRAPHQL_MAX_COST,
    maxRows: env.GRAPHQL_MAX_ROWS,
    maxAliases: env.GRAPHQL_MAX_ALIASES,
  });

  const subscriptionLimits = createSubscriptionLimits({
    rules: validationRules,
    maxSubscriptionsPerSocket: env.GRAPHQL_WS_MAX_SUBSCRIPTIONS,
    maxSocketsPerAddress: env.GRAPHQL_WS_MAX_SOCKETS_PER_ADDRESS,
    trustProxy: env.TRUST_PROXY,
    initTimeoutMs: env.GRAPHQL_WS_INIT_TIMEOUT_MS,
  });

  // Live results the same for every subscriber are executed once per event (graphql/shared-live.ts).
  const sharedLive = createSharedLive({
    emitter,
    formatErrors: (result, context) =>
      formatGraphQLErrors(result, context as unknown as GraphQLContext, production).response,
    onError: (error) => app.log.error({ err: sanitiseError(error) }, 'shared live delivery failed'),
  });

  // Registered here rather than by Mercurius (which uses an instance already registered), so that
  // this app sees the websocket server and can close sockets that never initialise. Mercurius's own
  // options: 1 MB messages, and the per-address cap on upgrades.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 1_048_576, verifyClient: subscriptionLimits.verifyClient },
  });
  app.websocketServer.on('connection', subscriptionLimits.closeUninitialised);

  // A GraphQL request's context; the pages the server writes (web-app.ts) run the app's queries with it,
  // and a live socket's context is this one with the token of its connection and the socket.
  const graphqlContext = (request: FastifyRequest, auth: RequestAuth = requestAuth.get(request) ?? anonymous): GraphQLContext => ({
    env,
    database,
    tenant: tenants.resolve(request.hostname),
    ...auth,
    correlationId: request.id,
    clientIp: clientIp(request),
    log: request.log,
    providers,
    publish,
    endLiveSession,
    jobs,
    smsOutbox,
    presence,
    requestOrigin: `${request.protocol}://${request.host}`,
  });
  await app.register(mercurius, {
    schema: buildSchema(),
    path: '/graphql',
    graphiql: false,
    jit: 1,
    queryDepth: env.GRAPHQL_MAX_DEPTH,
    allowBatchedQueries: false,
    validationRules,
    errorFormatter: (execution, context) => {
      const formatted = formatGraphQLErrors(execution, context as unknown as GraphQLContext, production);
      countGraphQLErrors(errorCodes(formatted.response), (context as { reply?: FastifyReply }).reply?.request);
      return formatted;
    },
    // The token is checked in the route's preHandler (below), once per HTTP request and only when one
    // was sent; a lookup that fails answers there. A Mercurius hook here would cost every request.
    // A callback hook, not an async one: most requests carry no token and pay no promise (issue 33 §5).
    additionalRouteOptions: {
      preHandler: (request, reply, done) => {
        // NUL in a text variable would fail in PostgreSQL as a server fault: it is bad input (issue 6 §1).
        const sent = (request.method === 'GET' ? request.query : request.body) as {
          variables?: unknown;
        } | null;
        if (variablesHoldNul(sent?.variables)) {
          void reply.code(400).send({
            data: null,
            errors: [{ message: nulTextMessage, extensions: { code: 'ARO-E2002' } }],
          });
          return;
        }
        const token = bearerToken(request.headers.authorization);
        if (!token) {
          answerTenantConfigOrGoOn(tenants, request, reply, done);
          return;
        }
        const tenant = tenants.resolve(request.hostname);
        viewerFor(tenant.id, token).then(
          (auth) => {
            requestAuth.set(request, auth);
            answerTenantConfigOrGoOn(tenants, request, reply, done);
          },
          (error: unknown) => {
            // A token that could not be checked (database down) is an unexpected error: logged, and
            // answered with the generic text and the correlation id, never as "not signed in".
            request.log.error({ err: sanitiseError(error) }, 'access token lookup failed');
            const hospital = tenant.publicConfig.branding.hospitalName;
            void reply.code(200).send({
              data: null,
              errors: [
                {
                  message: errorString('ARO-E9999', { hospital }),
                  extensions: { code: 'ARO-E9999', correlationId: request.id },
                },
              ],
            });
          },
        );
      },
    },
    context: (request): GraphQLContext => graphqlContext(request),
    subscription: {
      emitter,
      keepAlive: 30_000,
      context: async (socket, request): Promise<GraphQLContext> => {
        liveClients.track(socket);
        const tenant = tenants.resolve(request.hostname);
        const query = request.query as Record<string, string | undefined>;
        const auth = await viewerFor(tenant.id, bearerToken(query.access_token));
        return { ...graphqlContext(request, auth), liveSocket: socket, sharedLive };
      },
      // The token may also come in the connection-init payload (graphql-ws). The request is not
      // known here, so the tenant is checked in preSubscriptionExecution below.
      onConnect: async ({ payload }) => {
        const sent = payload as { accessToken?: unknown; Authorization?: unknown } | undefined;
        const raw =
          typeof sent?.accessToken === 'string'
            ? sent.accessToken
            : typeof sent?.Authorization === 'string'
              ? sent.Authorization
              : null;
        const token = bearerToken(raw ?? undefined);
        if (!token) {
          return true;
        }
        return viewerFor(null, token);
      },
    },
  });

  // A query that is not GraphQL text (Mercurius would try it as a JSON AST) is refused.
  const notAQuery = (): AppError => {
    const error = new AppError('ARO-E2002');
    error.message = 'ARO-E2002:The request is not valid (the query is not a GraphQL document)';
    return error;
  };
  app.graphql.addHook('preValidation', async (_schema, document) => {
    if (!isParsedDocument(document)) {
      throw notAQuery();
    }
  });
  app.graphql.addHook('preSubscriptionParsing', subscriptionLimits.preSubscriptionParsing);
  app.graphql.addHook('onSubscriptionEnd', subscriptionLimits.onSubscriptionEnd);
  app.graphql.addHook('preSubscriptionExecution', async (_schema, document, context) => {
    // A query sent as an object skips preSubscriptionParsing (and so the rules): refuse it.
    if (!isParsedDocument(document)) {
      throw notAQuery();
    }
    const ctx = context as unknown as GraphQLContext;
    if (ctx.viewer && ctx.viewer.tenantId !== ctx.tenant.id) {
      ctx.viewer = null;
      ctx.rejectedToken = true;
    }
    if (ctx.staff && ctx.staff.tenantId !== ctx.tenant.id) {
      ctx.staff = null;
      ctx.rejectedToken = true;
    }
    if (ctx.liveSocket) {
      if (ctx.viewer) {
        liveSessions.track('patient', ctx.viewer.accessSessionId, ctx.liveSocket);
      }
      if (ctx.staff) {
        liveSessions.track('staff', ctx.staff.accessSessionId, ctx.liveSocket);
      }
    }
  });

  const stopPruning = startAuthPruning(database.db, app.log);
  const stopLiveSweep = liveSessions.start((error) => app.log.warn({ err: error }, 'live session sweep failed'));
  app.addHook('onClose', async () => {
    stopPruning();
    stopLiveSweep();
  });

  await registerHealthRoutes(app, deps, {
    liveUpdates: pubsub?.health,
    liveChannel: { counters: liveChannel.counters, failure: liveChannel.failure },
  });
  registerMetricsRoute(app, env.METRICS_TOKEN);
  // The websocket server registered above, which Mercurius uses (registered by Mercurius itself it
  // sat in Mercurius's own plugin scope, out of this app's sight, and the gauge read 0).
  const unwatchSockets = openWebsockets.add(() => app.websocketServer.clients.size);
  const unwatchSubscriptions = openSubscriptions.add(() => subscriptionLimits.openSubscriptions());
  const unwatchJobs = watchJobQueue(() => jobs.waiting());
  const unwatchDropped = liveUpdatesDropped.add(() => liveChannel.counters.dropped);
  const unwatchBuffered = liveUpdatesBuffered.add(() => liveChannel.counters.buffered);
  app.addHook('onClose', async () => {
    unwatchSockets();
    unwatchDropped();
    unwatchSubscriptions();
    unwatchJobs();
    unwatchBuffered();
  });
  await registerManifestRoutes(app, deps);
  await registerFileRoutes(app, deps, viewerFor);
  await registerFeedbackLinkRoutes(app, deps);
  await registerPaymentRoutes(app, deps, publish);
  await registerInvoicePdfRoutes(app, deps, viewerFor);
  await registerLabReportPdfRoutes(app, deps, viewerFor);
  await registerFhirExportRoutes(app, deps, viewerFor);
  if (paymentSandboxOn(env)) {
    await registerCyberSourceSandboxRoutes(app, deps);
    await registerGenieSandboxRoutes(app, deps);
    await registerMobileBillSandboxRoutes(app, deps);
  }
  if (!production || env.ALLOW_DEV_ROUTES) {
    if (production) {
      // The outbox shows sign-in codes; loopback-only (dev.routes.ts), but still not for a live system.
      app.log.warn(
        'ALLOW_DEV_ROUTES is on in production: /dev/* (SMS codes, sign-in links) answers local clients',
      );
    }
    await registerDevRoutes(app, deps);
  }
  await registerWebApp(app, deps, async (request, source, variables, viewer) => {
    // issue 33 §1: an app's query for a page the server writes, as the page's own request would ask it;
    // signed in as the page cookie's account where the page is written for it (never from a cookie here).
    const context = graphqlContext(request);
    const result = await app.graphql(source, viewer ? { ...context, viewer, staff: null, rejectedToken: false } : context, variables);
    if (result.errors?.length) {
      throw new Error(`page query failed: ${result.errors.map((error) => error.message).join('; ')}`);
    }
    return result.data;
  });
  return app;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into Fastify's
  interface FastifyInstance {
    /** Who is online across instances (providers/presence); tests wait on it. */
    presence: Presence;
    /** What the live-update channel has published, dropped and holds (issue 31 §2.6), for metrics. */
    liveChannel: Readonly<LiveChannelCounters>;
    /** The SMS outbox (modules/sms); tests that call services directly hand it on. */
    smsOutbox: SmsOutbox;
    /** The job queue (modules/jobs); tests that call services directly hand it on. */
    jobs: JobQueue;
  }
}
