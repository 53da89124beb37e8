import { context, propagation, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { BatchSpanProcessor, ConsoleSpanExporter } from "@opentelemetry/sdk-trace-base";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NoPropagationContextManager } from "./no-propagation-context.js";
import { RedactingSpanProcessor } from "./redacting-processor.js";
import { serverTracing, type ServerTracing } from "./server-tracing.js";
import type { TracingSettings } from "./tracing-settings.js";

/** The started SDK: what the host apps register, and its end. */
export interface Tracing extends ServerTracing {
  /** Exports every span ended so far. */
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
 * Starts OpenTelemetry for ads-api: a server span per request on every host role
 * (@fastify/otel, continuing the caller's `traceparent`), masked (RedactingSpanProcessor) and
 * batched to `exporter`. No module is patched, and no context is propagated across awaits
 * (NoPropagationContextManager: nothing here needs it). Traces only (no metrics or logs).
 * The SDK reads the OTEL_* variables it owns (sampler, batch sizes, exporter headers) itself.
 */
export function startTracing({
  serviceName,
  exporter,
}: {
  serviceName: string;
  exporter: SpanExporter;
}): Tracing {
  const server = serverTracing();
  const batches = new BatchSpanProcessor(exporter);
  const sdk = new NodeSDK({
    serviceName,
    spanProcessors: [new RedactingSpanProcessor(), batches],
    instrumentations: [server.instrumentation],
    contextManager: new NoPropagationContextManager(),
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    ...server,
    flush: () => batches.forceFlush(),
    shutdown: async () => {
      server.instrumentation.disable();
      await sdk.shutdown();
      // The SDK leaves its globals registered; a second start in this process needs them gone.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
