import { startTracing as startSdk } from "@adsgraph/telemetry";
import type { ServerTracing, StartedTracing } from "@adsgraph/telemetry";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { serverTracing } from "./server-tracing.js";

/** The started SDK: what the host apps register, and its end. */
export interface Tracing extends ServerTracing, StartedTracing {}

/**
 * Starts OpenTelemetry for ads-api: a server span per request on every host role
 * (@fastify/otel, continuing the caller's `traceparent`). The request span lives on the
 * request and ads-api calls nothing a span of its would parent, so the SDK's synchronous
 * context manager is all it needs.
 */
export async function startTracing(options: {
  serviceName: string;
  exporter: SpanExporter;
}): Promise<Tracing> {
  const server = await serverTracing();
  const started = await startSdk({ ...options, instrumentations: [server.instrumentation] });
  return { ...server, ...started };
}
