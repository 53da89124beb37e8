import {
  registerServerTracing as registerFastifyTracing,
  type AppTracing,
  type ServerTracing,
} from "@adsgraph/telemetry";
import type { FastifyInstance } from "fastify";
import { skipUnsampledCall } from "./unsampled-calls.js";

/**
 * How the facade is traced (packages/telemetry starts it): each HTTP request (continuing the
 * caller's `traceparent`; its GraphQL operation span is the request's child, operation-span.ts),
 * each loader batch, and each upstream call through undici (rest-client's pool, reported
 * through diagnostics_channel), which also sends `traceparent` so ads-api continues the trace
 * (in a trace not sampled, no client span: unsampled-calls.ts).
 * Probes and scrapes get no span: a span each would only bury the requests worth reading.
 */
export const FACADE_TRACING: AppTracing = {
  serviceName: "adsgraph-graphql",
  untraced: (path) => path === "/health" || path === "/metrics",
  instrumentations: async () => {
    const { UndiciInstrumentation } = await import("@opentelemetry/instrumentation-undici");
    return [new UndiciInstrumentation({ ignoreRequestHook: skipUnsampledCall })];
  },
};

/**
 * Registers the instrumentation on `app`, before any route. A WebSocket upgrade's request span
 * ends at the upgrade: the connection lives for hours, its subscriptions are no part of that
 * request.
 */
export async function registerServerTracing(
  app: FastifyInstance,
  tracing: ServerTracing,
): Promise<void> {
  await registerFastifyTracing(app, tracing);
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.headers.upgrade?.toLowerCase() === "websocket") {
      const { span } = request.opentelemetry();
      span?.setAttribute("http.upgrade", "websocket");
      span?.end();
    }
    done();
  });
}
