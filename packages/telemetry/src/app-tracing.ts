import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { serverTracing, type ServerTracing } from "./server-tracing.js";
import {
  startTracing,
  traceExporterOf,
  type Instrumentation,
  type StartedTracing,
} from "./start-tracing.js";
import type { TracingEnv } from "./tracing-env.js";
import { tracingLine, tracingSettings } from "./tracing-settings.js";

/** How one app is traced: all that tells the two apps' tracing start-up apart. */
export interface AppTracing {
  /** The service name, unless OTEL_SERVICE_NAME says otherwise. */
  readonly serviceName: string;
  /** True for a request path (no query string) that gets no span: probes, scrapes, admin routes. */
  readonly untraced: (path: string) => boolean;
  /** Instrumentations beyond the server's, loaded only when tracing starts. */
  readonly instrumentations?: () => Promise<Instrumentation[]>;
}

/** The started SDK with the app's server instrumentation: what the app registers, and its end. */
export interface Tracing extends ServerTracing, StartedTracing {}

/**
 * Starts OpenTelemetry for `app`: a server span per request (continuing the caller's
 * `traceparent`) and the app's own instrumentations, batched to `exporter` (tests pass an
 * in-memory one). `sampleRatio`: the share of new traces recorded (parent-based); without it,
 * the sampler OTEL_TRACES_SAMPLER names, every trace when unset (tests see every span).
 */
export async function startAppTracing(
  app: AppTracing,
  exporter: SpanExporter,
  sampleRatio?: number,
): Promise<Tracing> {
  const server = await serverTracing(app);
  const more = (await app.instrumentations?.()) ?? [];
  const started = await startTracing({
    serviceName: app.serviceName,
    exporter,
    instrumentations: [server.instrumentation, ...more],
    sampleRatio,
  });
  return { ...server, ...started };
}

/**
 * Tracing as the environment asks for it (docs/operations.md "Tracing"): undefined, and the SDK not even
 * loaded, unless it is asked for; else the started tracing and the start line saying where
 * spans go. The sampler is parent-based at DEFAULT_SAMPLE_RATIO unless OTEL_TRACES_SAMPLER
 * names another (docs/operations.md "Sampling").
 */
export async function tracingFromEnv(
  env: TracingEnv,
  app: AppTracing,
): Promise<{ tracing: Tracing; line: string } | undefined> {
  const settings = tracingSettings(env, app.serviceName);
  if (settings === undefined) return undefined;
  const tracing = await startAppTracing(
    { ...app, serviceName: settings.serviceName },
    await traceExporterOf(settings),
    settings.sampleRatio,
  );
  return { tracing, line: tracingLine(settings) };
}
