import type { OtlpProtocol, TracingEnv } from "./tracing-env.js";

/** Tracing as the environment asks for it (docs/operations.md "Tracing"). */
export interface TracingSettings {
  readonly serviceName: string;
  /** `console` writes spans to stdout (development). */
  readonly exporter: "otlp" | "console";
  /** How OTLP spans travel: the specification's default is `http/protobuf`. */
  readonly protocol: OtlpProtocol;
  /**
   * Where OTLP spans go: the traces URL over HTTP, the collector's address for gRPC;
   * undefined: the exporter's default (`http://localhost:4318/v1/traces`, or `localhost:4317`).
   */
  readonly tracesUrl: string | undefined;
  /**
   * The share of new traces recorded when OTEL_TRACES_SAMPLER is unset (the default sampler,
   * `parentbased_traceidratio`); undefined when it is set: the SDK builds the sampler it names.
   */
  readonly sampleRatio: number | undefined;
}

/**
 * The default share of traces recorded (docs/operations.md "Sampling"): one in ten keeps a
 * steady stream of whole traces at any load while the recording and export cost (about half of
 * tracing's, the rest is the instrumentation's) falls to a tenth.
 */
export const DEFAULT_SAMPLE_RATIO = 0.1;

/** OTEL_TRACES_SAMPLER_ARG as the default sampler's ratio: a number in [0, 1], else the default. */
function ratioOf(arg: string | undefined): number {
  const ratio = arg === undefined ? Number.NaN : Number(arg);
  return ratio >= 0 && ratio <= 1 ? ratio : DEFAULT_SAMPLE_RATIO;
}

/**
 * Undefined (no SDK is started, nothing is loaded) unless an OTLP endpoint is set or
 * OTEL_TRACES_EXPORTER asks for an exporter; OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none
 * turn it off whatever else is set, as the OpenTelemetry specification reads them.
 */
export function tracingSettings(
  env: TracingEnv,
  /** The app's service name, unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string,
): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED) return undefined;
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  // spec: the signal's own endpoint is used as given; over HTTP the general one gets
  // `/v1/traces`, over gRPC it is the collector's address as it is.
  const tracesUrl =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (base === undefined || protocol === "grpc" ? base : `${base.replace(/\/+$/, "")}/v1/traces`);
  const exporter = env.OTEL_TRACES_EXPORTER ?? (tracesUrl === undefined ? "none" : "otlp");
  if (exporter === "none") return undefined;
  return {
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    exporter,
    protocol,
    tracesUrl,
    sampleRatio:
      env.OTEL_TRACES_SAMPLER === undefined ? ratioOf(env.OTEL_TRACES_SAMPLER_ARG) : undefined,
  };
}

/** The start line saying where spans go: origin and path only (a URL may carry `user:password@`). */
export function tracingLine(settings: TracingSettings): string {
  const sampled =
    settings.sampleRatio === undefined
      ? ""
      : `, ${+(settings.sampleRatio * 100).toFixed(4)}% of new traces`;
  if (settings.exporter === "console")
    return `Tracing: spans of ${settings.serviceName} to stdout${sampled}`;
  const url = settings.tracesUrl === undefined ? undefined : new URL(settings.tracesUrl);
  const where =
    url === undefined
      ? settings.protocol === "grpc"
        ? "the OTLP default, localhost:4317"
        : "the OTLP default, http://localhost:4318/v1/traces"
      : `${url.origin}${url.pathname === "/" ? "" : url.pathname}`;
  return `Tracing: spans of ${settings.serviceName} to ${where} (OTLP ${settings.protocol})${sampled}`;
}
