import { startTracing as startSdk } from "@adsgraph/telemetry";
import type { ServerTracing, StartedTracing } from "@adsgraph/telemetry";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { serverTracing } from "./server-tracing.js";

/** The started SDK: what the server registers, and its end. */
export interface Tracing extends ServerTracing, StartedTracing {}

/**
 * Starts OpenTelemetry for the facade. Traced: each HTTP request (@fastify/otel, continuing
 * the caller's `traceparent`), each GraphQL operation and loader batch (the app's own spans),
 * and each upstream call through undici (rest-client's pool, reported through
 * diagnostics_channel), which also sends `traceparent` so ads-api continues the trace.
 */
export async function startTracing(options: {
  serviceName: string;
  exporter: SpanExporter;
}): Promise<Tracing> {
  const server = await serverTracing();
  const started = await startSdk({
    ...options,
    instrumentations: [server.instrumentation, new UndiciInstrumentation()],
  });
  return { ...server, ...started };
}
