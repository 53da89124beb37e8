import type { NodeSDKConfiguration } from "@opentelemetry/sdk-node";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { RedactingSpanProcessor } from "./redacting-processor.js";
import { SyncContextManager } from "./sync-context-manager.js";
import type { TracingSettings } from "./tracing-settings.js";

/** What the SDK instruments with (each disabled again on shutdown). */
export type Instrumentation = Extract<
  NodeSDKConfiguration["instrumentations"][number],
  { disable(): void }
>;

/** A started SDK. */
export interface StartedTracing {
  /** Exports every span ended so far (tests read the exporter after it). */
  flush(): Promise<void>;
  /** Exports what is left, then stops the SDK and unregisters it (a later start may register again). */
  shutdown(): Promise<void>;
}

/**
 * The exporter the settings name: OTLP over HTTP with protobuf or JSON bodies, or over gRPC;
 * or stdout. Loaded only when called: an app that traces nothing never loads the SDK.
 */
export async function traceExporterOf(settings: TracingSettings): Promise<SpanExporter> {
  if (settings.exporter === "console") {
    const { ConsoleSpanExporter } = await import("@opentelemetry/sdk-trace-base");
    return new ConsoleSpanExporter();
  }
  const options = settings.tracesUrl === undefined ? {} : { url: settings.tracesUrl };
  switch (settings.protocol) {
    case "http/protobuf": {
      const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
      return new OTLPTraceExporter(options);
    }
    case "http/json": {
      const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
      return new OTLPTraceExporter(options);
    }
    case "grpc": {
      const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-grpc");
      return new OTLPTraceExporter(options);
    }
  }
}

/**
 * Starts OpenTelemetry for an app: spans of `serviceName`, masked first (RedactingSpanProcessor),
 * batched to `exporter` (tests pass an in-memory one), from the app's `instrumentations` (none
 * patches a module: Fastify plugins, diagnostics_channel). Traces only: no metrics or logs are
 * exported. With `sampleRatio`, new traces are recorded at that ratio and continued traces as
 * their parent was (`parentbased_traceidratio`); without it the SDK's sampler is the one
 * OTEL_TRACES_SAMPLER names (every trace when unset). The SDK reads the other OTEL_* variables
 * it owns (batch sizes, exporter headers) itself. The SDK is loaded here, on first start, so the package's entry stays light. The
 * active context follows synchronous code only (SyncContextManager): the apps hand their
 * spans' parents on explicitly.
 */
export async function startTracing({
  serviceName,
  exporter,
  instrumentations,
  sampleRatio,
}: {
  serviceName: string;
  exporter: SpanExporter;
  instrumentations: Instrumentation[];
  sampleRatio?: number | undefined;
}): Promise<StartedTracing> {
  const [{ context, propagation, trace }, { NodeSDK }, base] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/sdk-trace-base"),
  ]);
  const batches = new base.BatchSpanProcessor(exporter);
  const sdk = new NodeSDK({
    serviceName,
    ...(sampleRatio !== undefined && {
      sampler: new base.ParentBasedSampler({
        root: new base.TraceIdRatioBasedSampler(sampleRatio),
      }),
    }),
    spanProcessors: [new RedactingSpanProcessor(), batches],
    instrumentations,
    contextManager: new SyncContextManager(),
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    flush: () => batches.forceFlush(),
    shutdown: async () => {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await sdk.shutdown();
      // The SDK leaves its globals registered; a second start in this process needs them gone.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
