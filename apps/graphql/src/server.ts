import { randomUUID } from "node:crypto";
import { ApolloServer } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from "@as-integrations/fastify";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import fastifyCookie from "@fastify/cookie";
import fastifyWebsocket from "@fastify/websocket";
import { OneLineLogController, type ServerTracing } from "@adsgraph/telemetry";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { registerAuthRoutes } from "./auth/routes.js";
import { registerSignInLimit } from "./auth/sign-in-limit.js";
import { createContext, type GraphQLContext } from "./context.js";
import type { Database } from "./db/database.js";
import type { Env } from "./env.js";
import { formatError } from "./errors/graphql-errors.js";
import { registerHttpErrorHandler } from "./errors/http-error-handler.js";
import { unexpectedErrorsPlugin } from "./errors/unexpected-errors-plugin.js";
import { bufferedLogStream } from "./buffered-log-stream.js";
import { errorLogFields, loggedUrl } from "./log-fields.js";
import { httpSubscriptionsRule } from "./http-subscriptions-rule.js";
import { requestErrorStatusPlugin } from "./request-error-status.js";
import { registerNestingLimits } from "./request-nesting.js";
import { withPlayground } from "./playground-page.js";
import type { PlaygroundOptions } from "./playground.js";
import { QUERY_LIMITS } from "./query-limits.js";
import { schema } from "./schema/index.js";
import { cachedAnswers } from "./response-cache/cached-answers.js";
import {
  registerResponseCache,
  responseCachePlugin,
} from "./response-cache/response-cache-http.js";
import { cacheReportPlugin, reportCacheMarkPaths } from "./snapshots/cache-report.js";
import { createServices, type Services } from "./services.js";
import { createMetrics } from "./metrics/facade-metrics.js";
import { registerMetricsRoute } from "./metrics/metrics-route.js";
import { registerHealthRoute } from "./shared/health-route.js";
import { openSharedState } from "./shared/shared-state.js";
import { channelsReady } from "./shared/broadcast-channel.js";
import { persistedQueriesSetting } from "./shared/persisted-queries.js";
import { createUserSlots, userSlotsTtlMs } from "./shared/user-slots.js";
import { graphqlWsHandler } from "./subscriptions/graphql-ws-route.js";
import { operationSpanPlugin, traceOperations } from "./tracing/operation-span.js";
import { registerServerTracing } from "./tracing/server-tracing.js";
import { upstreamStatsPlugin } from "./upstream/stats-plugin.js";
import { createBudgets } from "./cost/budget-wiring.js";
import { COST_HEADERS } from "./cost/cost-plugin-options.js";
import { costPlugin } from "./cost/cost-plugin.js";
import { KnownTotalsBook } from "./cost/known-totals.js";
import { planKnowledgeFor } from "./cost/plan-knowledge.js";
import { refuseBrokenUtf8Json } from "./utf8-json-body.js";
import { startSnapshotRetention } from "./snapshots/snapshot-retention.js";
import { STATS_SNAPSHOT_TYPE } from "./snapshots/stats-snapshots.js";

/** How often expired metrics snapshots are deleted (STATS_SNAPSHOT_RETENTION_SECONDS). */
const RETENTION_PASS_MS = 10 * 60 * 1000;

export interface ServerOptions {
  db: Database;
  env: Env;
  playground?: PlaygroundOptions;
  /** Where log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /**
   * Trace requests, operations and loader batches (docs/operations.md "Tracing"); the SDK is
   * started by the caller.
   */
  tracing?: ServerTracing;
}

export interface Server {
  app: FastifyInstance;
  services: Services;
}

/** The GraphQL app on Fastify, not yet listening (tests call `app.listen` on port 0). */
export async function buildServer({
  db,
  env,
  playground,
  logStream,
  tracing,
}: ServerOptions): Promise<Server> {
  const buffered =
    logStream === undefined && env.LOG_BUFFER_BYTES > 0
      ? bufferedLogStream({ maxBytes: env.LOG_BUFFER_BYTES })
      : undefined;
  const stream = logStream ?? buffered;
  const app = Fastify({
    trustProxy: env.TRUST_PROXY,
    // Unique across restarts and replicas: a 500 answers it, and the log holds it beside the cause.
    genReqId: () => randomUUID(),
    logController: new OneLineLogController(),
    logger: {
      level: env.LOG_LEVEL,
      // Session tokens travel in these; nothing that carries one is ever logged.
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      ...(stream && { stream }),
      serializers: {
        // The callback's query string carries the request token and verifier: logged masked.
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: loggedUrl(request.url),
          remoteAddress: request.ip,
        }),
        err: errorLogFields,
      },
    },
  });
  registerHttpErrorHandler(app);
  // Before any route: the instrumentation wraps routes as they are added.
  if (tracing) await registerServerTracing(app, tracing);
  const shared = await openSharedState(env, {
    warn: (message) => {
      app.log.warn(message);
    },
    info: (message) => {
      app.log.info(message);
    },
  });
  // One registry per server: tests run many servers in one process.
  const metrics = createMetrics(shared);
  const services = createServices(
    db,
    env,
    (message) => {
      app.log.warn(message);
    },
    shared,
    metrics.observers,
  );
  metrics.watch(services);
  // issue 35: the callers' rate-limit budgets the cost plugin checks and holds.
  const budgets = createBudgets(shared, services.upstream, env.FACADE_CONSUMER_KEY);
  // List sizes each user's answers showed: they make the next plans exact.
  // Each stands while a snapshot of its list would be fresh, and until a write to its account.
  const knownTotals = new KnownTotalsBook({
    policy: services.snapshots.policy,
    accountWrites: services.snapshots.accountWrites,
  });
  // Invalidations from other replicas are heard before this one answers anything.
  await channelsReady(shared);
  registerHealthRoute(app, shared, () => services.activity.stats());
  registerMetricsRoute(app, metrics.registry, {
    token: env.METRICS_TOKEN,
    public: env.METRICS_PUBLIC,
  });
  // WebSocket upgrades go through Fastify's router and hooks (the session cookie is parsed);
  // a message larger than any document the token limit allows is refused by ws itself.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 1024 * 1024 },
    // On close, each WebSocket is told why (1001 "going away", RFC 6455 §7.4.1; the plugin's own
    // close sends no code), so a client reconnects elsewhere rather than report an error.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, "server shutting down");
      this.websocketServer.close();
      done();
    },
  });
  // Snapshots are written while no request is in flight: each counts from its first byte until
  // its response is closed (sent or aborted), so recording never competes with a response.
  // A WebSocket lives for hours and is no such request.
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.ws) reply.raw.once("close", services.snapshots.writer.requestStarted());
    done();
  });
  refuseBrokenUtf8Json(app);
  await app.register(fastifyCookie);
  await registerSignInLimit(app, shared);
  registerAuthRoutes(app, {
    upstream: services.upstream.app,
    baseUrl: env.ADS_API_BASE_URL,
    sessions: services.sessions,
    attempts: services.attempts,
    publicUrl: env.GRAPHQL_PUBLIC_URL,
    sessionTtlSeconds: env.SESSION_TTL_SECONDS,
    loginTtlSeconds: 15 * 60,
    signInLimit: { max: env.SIGN_IN_LIMIT, windowSeconds: env.SIGN_IN_LIMIT_WINDOW_SECONDS },
  });

  const apollo = new ApolloServer<GraphQLContext>({
    schema: reportCacheMarkPaths(schema),
    formatError,
    includeStacktraceInErrorResponses: false,
    // "Did you mean …" suggestions would leak the schema where introspection is refused.
    hideSchemaDetailsFromClientErrors: true,
    // Parsing stops past this many tokens (400), before validation whose cost grows faster.
    parseOptions: { maxTokens: QUERY_LIMITS.tokens },
    // Embedded: off, clients send whole documents (a cache every client writes to, per process).
    // Shared mode: automatic persisted queries in Redis, bounded, common to the replicas; a
    // hash that does not match its query is refused with a code (formatError).
    persistedQueries: persistedQueriesSetting(shared, env.PERSISTED_QUERY_TTL_SECONDS),
    validationRules: [
      httpSubscriptionsRule,
      // Reported as a validation error (400); armor's default throws, which Apollo turns into a 500.
      maxAliasesRule({
        n: QUERY_LIMITS.aliases,
        exposeLimits: true,
        propagateOnRejection: false,
        onReject: [(context, error) => context?.reportError(error)],
      }),
    ],
    plugins: [
      fastifyApolloDrainPlugin(app),
      requestErrorStatusPlugin(),
      unexpectedErrorsPlugin(app.log),
      // No cache hints are used: without this Apollo wraps every resolver to collect them.
      ApolloServerPluginCacheControlDisabled(),
      // The playground is served by the GET route below (playground-page.ts), before Apollo.
      ApolloServerPluginLandingPageDisabled(),
      cacheReportPlugin(),
      metrics.operations,
      ...(env.UPSTREAM_STATS ? [upstreamStatsPlugin()] : []),
      costPlugin({
        planning: env.COST_PLANNING,
        knowledge: (context) =>
          planKnowledgeFor({
            batching: services.batching,
            policy: services.snapshots.policy,
            totals: context.viewer ? knownTotals.forUser(context.viewer.userId) : undefined,
            accessKnown: (accountId) => context.accessKnown(accountId),
          }),
        totals: knownTotals,
        seesAccount: (context, accountId) =>
          context.viewer !== null &&
          services.snapshots.access.holds(context.viewer.userId, accountId),
      }),
      responseCachePlugin(),
      ...(tracing ? [operationSpanPlugin<GraphQLContext>()] : []),
    ],
  });
  // Before the GraphQL route, so their hooks apply to it. The response cache first: a hit is
  // answered before anything walks the body (its key takes the body's text as sent, or walks
  // no deeper than the parser allowed); the nesting limits then guard everything Apollo runs.
  registerResponseCache(app, {
    cache: services.responseCache,
    sessions: services.sessions,
    path: "/graphql",
    persistedQueries: shared.redis !== undefined,
    onHit: metrics.responseCacheHit,
    bypass: (request) => request.headers[COST_HEADERS.explain] !== undefined,
    prepare: cachedAnswers(budgets, services.snapshots.access),
  });
  registerNestingLimits(app, "/graphql");
  await apollo.start();
  const dependencies = { db, sessions: services.sessions, services, budgets };
  const context = (request: FastifyRequest) => createContext(request, dependencies);
  // Traced, each operation runs in its span (loader batches and upstream calls its children).
  const apolloHandler = fastifyApolloHandler(apollo, { context });
  const handler = tracing ? traceOperations(apolloHandler) : apolloHandler;
  app.route({ method: ["POST", "OPTIONS"], url: "/graphql", handler });
  // GET /graphql: Apollo over HTTP (the playground, GET queries), and subscriptions over
  // WebSocket (graphql-transport-ws) when the request is an upgrade.
  // issue 34: a user's connections counted across replicas in shared mode (user-slots.ts).
  const connectionSlots = createUserSlots(
    shared,
    "connections",
    env.ACTIVITY_SUBSCRIPTIONS_PER_USER,
    userSlotsTtlMs(env.ACTIVITY_LEASE_MS),
  );
  app.route({
    method: "GET",
    url: "/graphql",
    handler: withPlayground(playground, handler),
    wsHandler: graphqlWsHandler({
      schema,
      dependencies,
      publicUrl: env.GRAPHQL_PUBLIC_URL,
      connectionSlots,
      sessionCheckMs: env.ACTIVITY_SESSION_CHECK_SECONDS * 1000,
      pingMs: env.GRAPHQL_WS_PING_MS,
    }),
  });
  app.addHook("preClose", async () => {
    // Subscriptions end (and the upstream stream stops, its lease handed over) before the
    // sockets close.
    await services.activity.close();
    connectionSlots.close();
  });
  const statsRetention = startSnapshotRetention({
    repository: services.snapshots.repository,
    resourceType: STATS_SNAPSHOT_TYPE,
    retentionMs: env.STATS_SNAPSHOT_RETENTION_SECONDS * 1000,
    everyMs: RETENTION_PASS_MS,
    onError: (error) => {
      app.log.warn(
        `stats snapshot retention failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    },
  });
  app.addHook("onClose", async () => {
    await statsRetention.close();
    // Reads already answered are still written before the database goes away.
    await services.snapshots.writer.flush();
    await services.upstream.close();
    await shared.close();
    buffered?.close();
  });
  return { app, services };
}
