import {
  registerServerTracing as registerFastifyTracing,
  serverTracing as fastifyServerTracing,
  type ServerTracing,
} from "@adsgraph/telemetry";
import type { FastifyInstance } from "fastify";

/** Probes and scrapes: a span each would only bury the requests worth reading. */
const untraced = (path: string) => path === "/health" || path === "/metrics";

/**
 * The facade's server instrumentation (packages/telemetry's, the same as ads-api's): a span
 * per request; the GraphQL route's operation span is the request's child (operation-span.ts).
 */
export function serverTracing(): Promise<ServerTracing> {
  return fastifyServerTracing({ untraced });
}

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
