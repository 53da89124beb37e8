import type { FastifyOtelInstrumentation } from "@fastify/otel";
import type { Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** What a Fastify app is traced with (the SDK is started by `startTracing`, with it). */
export interface ServerTracing {
  /**
   * @fastify/otel: a server span per request, continuing the caller's `traceparent` (so the
   * facade's upstream call and ads-api's request for it are one trace).
   */
  readonly instrumentation: FastifyOtelInstrumentation;
}

const pathOf = (url: string) => url.split("?", 1)[0] ?? url;

/** `GET /12/accounts/:account_id/campaigns` (HTTP semantic conventions: method and route, never the raw URL). */
function nameServerSpan(span: Span, request: FastifyRequest): void {
  // A span not recorded (its trace not sampled) keeps no name.
  if (!span.isRecording()) return;
  const route = request.routeOptions.url;
  span.updateName(route === undefined ? request.method : `${request.method} ${route}`);
}

/**
 * The server instrumentation of both apps: a span per request, none per hook or handler (a
 * span each would cost more than it tells), none for the paths `untraced` names (probes,
 * scrapes, loopback admin routes: a span each would bury the requests worth reading).
 * Exceptions are not recorded as events: their stacks and texts can quote a request body; the
 * status keeps the (masked) message. @fastify/otel is loaded here, on the first call, so the
 * package's entry stays light for an app that traces nothing.
 */
export async function serverTracing({
  untraced,
}: {
  /** True for a request path (no query string) that gets no span. */
  untraced: (path: string) => boolean;
}): Promise<ServerTracing> {
  const { FastifyOtelInstrumentation } = await import("@fastify/otel");
  return {
    instrumentation: new FastifyOtelInstrumentation({
      instrumentHooks: false,
      instrumentHandler: false,
      recordExceptions: false,
      ignorePaths: (route: { url: string }) => untraced(pathOf(route.url)),
      requestHook: nameServerSpan,
    }),
  };
}

/** Registers the instrumentation on `app`, before any route (it wraps routes as they are added). */
export async function registerServerTracing(
  app: FastifyInstance,
  { instrumentation }: ServerTracing,
): Promise<void> {
  await app.register(instrumentation.plugin());
}
