import { startTracing as startSdk, type StartedTracing } from "@adsgraph/telemetry";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NoPropagationContextManager } from "./no-propagation-context.js";
import { serverTracing, type ServerTracing } from "./server-tracing.js";

/** The started SDK: what the host apps register, and its end. */
export interface Tracing extends ServerTracing, StartedTracing {}

/**
 * Starts OpenTelemetry for ads-api: a server span per request on every host role
 * (@fastify/otel, continuing the caller's `traceparent`). No context is propagated across
 * awaits (NoPropagationContextManager: the request span lives on the request, nothing here
 * needs async context, and AsyncLocalStorage costs every promise on Node 20).
 */
export async function startTracing(options: {
  serviceName: string;
  exporter: SpanExporter;
}): Promise<Tracing> {
  const server = serverTracing();
  const started = await startSdk({
    ...options,
    instrumentations: [server.instrumentation],
    contextManager: new NoPropagationContextManager(),
  });
  return { ...server, ...started };
}
