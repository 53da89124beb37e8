import { context, propagation, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { BatchSpanProcessor, ConsoleSpanExporter } from "@opentelemetry/sdk-trace-base";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { RedactingSpanProcessor } from "./redacting-processor.js";
import { serverTracing, type ServerTracing } from "./server-tracing.js";
import type { TracingSettings } from "./tracing-settings.js";

/** The started SDK: what the server registers, and its end. */
export interface Tracing extends ServerTracing {
  /** Exports every span ended so far (tests read the exporter after it). */
  flush(): Promise<void>;
  /** Exports what is left, then stops the SDK and unregisters it (a later start may register again). */
  shutdown(): Promise<void>;
}

/** The exporter the settings name: OTLP over HTTP, or stdout. */
export function traceExporterOf(settings: TracingSettings): SpanExporter {
  if (settings.exporter === "console") return new ConsoleSpanExporter();
  return new OTLPTraceExporter(settings.tracesUrl === undefined ? {} : { url: settings.tracesUrl });
}

/**
 * Starts OpenTelemetry for the facade: spans of `serviceName` through a batch processor to
 * `exporter` (tests pass an in-memory one), masked first (RedactingSpanProcessor). Traced:
 * each HTTP request (@fastify/otel, continuing the caller's `traceparent`), each GraphQL
 * operation and loader batch (the app's own spans), and each upstream call through undici
 * (rest-client's pool), which also sends `traceparent` so ads-api continues the trace. No
 * module is patched: undici reports through diagnostics_channel and the server instrumentation
 * is a Fastify plugin. Traces only: no metrics or logs are exported. The SDK reads the
 * OTEL_* variables it owns (sampler, batch sizes, exporter headers) itself.
 */
export function startTracing({
  serviceName,
  exporter,
}: {
  serviceName: string;
  exporter: SpanExporter;
}): Tracing {
  const server = serverTracing();
  const upstream = new UndiciInstrumentation();
  const batches = new BatchSpanProcessor(exporter);
  const sdk = new NodeSDK({
    serviceName,
    spanProcessors: [new RedactingSpanProcessor(), batches],
    instrumentations: [server.instrumentation, upstream],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    ...server,
    flush: () => batches.forceFlush(),
    shutdown: async () => {
      server.instrumentation.disable();
      upstream.disable();
      await sdk.shutdown();
      // The SDK leaves its globals registered; a second start in this process needs them gone.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
