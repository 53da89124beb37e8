import { FastifyOtelInstrumentation } from "@fastify/otel";
import type { Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** What the facade's Fastify app is traced with (the SDK is started elsewhere: start-tracing.ts). */
export interface ServerTracing {
  /** @fastify/otel: a server span per request, the caller's `traceparent` as its parent. */
  readonly instrumentation: FastifyOtelInstrumentation;
}

/** Probes and scrapes: a span each would only bury the requests worth reading. */
const UNTRACED_PATHS = new Set(["/health", "/metrics"]);

const pathOf = (url: string) => url.split("?", 1)[0] ?? url;

/** `POST /graphql` (HTTP semantic conventions: method and route, never the raw URL). */
function nameServerSpan(span: Span, request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route === undefined ? request.method : `${request.method} ${route}`);
}

/**
 * The facade's server instrumentation: a span per request, none per hook or handler (a span
 * each would cost more than it tells; the GraphQL route's operation span is the request's
 * child: operation-span.ts). Exceptions are not recorded as events: their stacks and texts can
 * quote a request body; the status keeps the (masked) message.
 */
export function serverTracing(): ServerTracing {
  return {
    instrumentation: new FastifyOtelInstrumentation({
      instrumentHooks: false,
      instrumentHandler: false,
      recordExceptions: false,
      ignorePaths: (route: { url: string }) => UNTRACED_PATHS.has(pathOf(route.url)),
      requestHook: nameServerSpan,
    }),
  };
}

/**
 * Registers the instrumentation on `app`, before any route (it wraps routes as they are
 * added). A WebSocket upgrade's request span ends at the upgrade: the connection lives for
 * hours, its subscriptions are no part of that request.
 */
export async function registerServerTracing(
  app: FastifyInstance,
  { instrumentation }: ServerTracing,
): Promise<void> {
  await app.register(instrumentation.plugin());
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.headers.upgrade?.toLowerCase() === "websocket") {
      const { span } = request.opentelemetry();
      span?.setAttribute("http.upgrade", "websocket");
      span?.end();
    }
    done();
  });
}
