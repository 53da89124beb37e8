import { FastifyOtelInstrumentation } from "@fastify/otel";
import type { Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** What ads-api's host apps are traced with (the SDK is started elsewhere: start-tracing.ts). */
export interface ServerTracing {
  /**
   * @fastify/otel: a server span per request, continuing the caller's `traceparent` (the
   * facade's upstream call), so one trace covers both services.
   */
  readonly instrumentation: FastifyOtelInstrumentation;
}

const pathOf = (url: string) => url.split("?", 1)[0] ?? url;

/** Probes and the loopback admin routes (tests' request log, simulated activity). */
function untraced(url: string): boolean {
  const path = pathOf(url);
  return path === "/health" || path.startsWith("/_admin/");
}

/** `GET /12/accounts/:account_id/campaigns` (HTTP semantic conventions: method and route). */
function nameServerSpan(span: Span, request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route === undefined ? request.method : `${request.method} ${route}`);
}

/**
 * ads-api's server instrumentation: a span per request, none per hook or handler (a span each
 * would cost more than it tells: ads-api calls nothing a child span would show). Exceptions
 * are not recorded as events: their texts can quote a request body; the status keeps the
 * (masked) message.
 */
export function serverTracing(): ServerTracing {
  return {
    instrumentation: new FastifyOtelInstrumentation({
      instrumentHooks: false,
      instrumentHandler: false,
      recordExceptions: false,
      ignorePaths: (route: { url: string }) => untraced(route.url),
      requestHook: nameServerSpan,
    }),
  };
}

/** Registers the instrumentation on a host app, before any route (it wraps routes as they are added). */
export async function registerServerTracing(
  app: FastifyInstance,
  { instrumentation }: ServerTracing,
): Promise<void> {
  await app.register(instrumentation.plugin());
}
