import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { HostRole } from "@adsgraph/models";
import { redactForLog } from "@adsgraph/oauth";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import type { TlsFiles } from "../config.js";
import type { AppContext } from "../context.js";
import { answerFrameworkError, registerErrorHandler, routeFlags } from "../http/error-handler.js";
import { registerFaults } from "../faults/faults.js";
import { registerFormParser } from "../http/form-body.js";
import { registerJsonAndOtherParsers } from "../http/json-body.js";
import { answeredNow, authSchemeOf } from "../logging/request-log.js";
import { registerActivityAdminRoute, registerAdminRoutes } from "../routes/admin.js";
import { registerAuthorizeForms } from "../routes/authorize.js";
import { registerCatalogRoutes } from "../routes/catalog-routes.js";
import { registerHealthRoutes } from "../routes/health.js";
import type { AdsApiMetrics } from "../metrics/ads-api-metrics.js";
import { registerMetricsRoute } from "../metrics/metrics-route.js";
import {
  OneLineLogController,
  registerServerTracing,
  type ServerTracing,
} from "@adsgraph/telemetry";

export interface HostOptions {
  /** Certificate and key files when this role is served over HTTPS. */
  readonly tls: TlsFiles | undefined;
  readonly logStream?: NodeJS.WritableStream | undefined;
  /** The server's metrics: routes are told to it, and the base host serves `/metrics`. */
  readonly metrics?: AdsApiMetrics | undefined;
  /** Trace each request (docs/operations.md "Tracing"); the SDK is started by the caller. */
  readonly tracing?: ServerTracing | undefined;
}

/**
 * One Fastify app per host role (each listens on its own URL). Logs go through pino with
 * credentials redacted: the Authorization and Cookie headers are removed and URLs pass
 * through `redactForLog` (masked, then cut to a few KB: the authorize page carries oauth_token
 * on its query string, and a log line's size must not depend on what a client sends).
 */
export async function buildHostApp(
  ctx: AppContext,
  role: HostRole,
  options: HostOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    // Unique across restarts and replicas: a 500 answers it, and the log holds it by the cause.
    genReqId: () => randomUUID(),
    // No limit of the router's own: Node caps the request line at 16 KiB, and the catalog
    // refuses a too-long id with a 400 naming it (Fastify's limit of 100 answered 414).
    routerOptions: { maxParamLength: 16_384 },
    frameworkErrors: answerFrameworkError,
    ...(options.tls === undefined
      ? {}
      : { https: { cert: readFileSync(options.tls.cert), key: readFileSync(options.tls.key) } }),
    logController: new OneLineLogController(),
    logger: {
      level: ctx.config.logLevel,
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
      base: { role },
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactForLog(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
  });
  const { metrics } = options;
  // Registered routes are the only `route` labels (a path no route matched is never one).
  if (metrics !== undefined) {
    app.addHook("onRoute", (route) => {
      metrics.addRoute(route.url);
    });
  }
  // Before any route: the instrumentation wraps routes as they are added.
  if (options.tracing !== undefined) await registerServerTracing(app, options.tracing);
  registerFormParser(app);
  registerJsonAndOtherParsers(app);
  registerErrorHandler(app);
  if (ctx.config.latencyMs > 0) {
    const delay = ctx.config.latencyMs;
    app.addHook("onRequest", async () => {
      await sleep(delay);
    });
  }
  registerFaults(app, ctx.config.faults, { rateLimit: ctx.limits.userRate });
  app.addHook("onResponse", async (request, reply) => {
    const flags = routeFlags(request);
    if (flags.admin === true) return;
    ctx.requestLog.record(
      {
        ...answeredNow(reply.elapsedTime),
        role,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split("?")[0] ?? "",
        endpointId: flags.endpointId,
        scheme: authSchemeOf(request.headers.authorization),
        status: reply.statusCode,
      },
      reply.elapsedTime,
    );
  });
  registerHealthRoutes(app, ctx, role);
  registerAdminRoutes(app, ctx);
  if (role === "base") registerAuthorizeForms(app, ctx);
  if (role === "base") registerActivityAdminRoute(app, ctx);
  if (role === "base" && metrics !== undefined) {
    registerMetricsRoute(
      app,
      metrics.registry,
      ctx.config.metrics ?? { token: undefined, public: false },
    );
  }
  registerCatalogRoutes(app, ctx, role);
  return app;
}
