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
  return { serviceName: env.OTEL_SERVICE_NAME ?? serviceName, exporter, protocol, tracesUrl };
}

/** The start line saying where spans go: origin and path only (a URL may carry `user:password@`). */
export function tracingLine(settings: TracingSettings): string {
  if (settings.exporter === "console") return `Tracing: spans of ${settings.serviceName} to stdout`;
  const url = settings.tracesUrl === undefined ? undefined : new URL(settings.tracesUrl);
  const where =
    url === undefined
      ? settings.protocol === "grpc"
        ? "the OTLP default, localhost:4317"
        : "the OTLP default, http://localhost:4318/v1/traces"
      : `${url.origin}${url.pathname === "/" ? "" : url.pathname}`;
  return `Tracing: spans of ${settings.serviceName} to ${where} (OTLP ${settings.protocol})`;
}
