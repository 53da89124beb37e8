import { z } from "zod";

/** OTLP's transports (OpenTelemetry specification: OTEL_EXPORTER_OTLP_PROTOCOL). */
export const OTLP_PROTOCOLS = ["http/protobuf", "http/json", "grpc"] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** Empty text is unset, as in the apps' other settings. */
const unsetWhenEmpty = z.literal("").transform(() => undefined);
const otelUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" })
  .optional()
  .or(unsetWhenEmpty);
const otlpProtocol = z.enum(OTLP_PROTOCOLS).optional().or(unsetWhenEmpty);

/**
 * The OTEL_* settings both apps read (docs/operations.md "Tracing"), one schema spread into each app's
 * env: traces go over OTLP when an endpoint is set (or OTEL_TRACES_EXPORTER asks for them);
 * unset, no SDK is started. The SDK itself reads the rest (OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_BSP_*) and a sampler OTEL_TRACES_SAMPLER names.
 */
export const tracingEnvShape = {
  OTEL_EXPORTER_OTLP_ENDPOINT: otelUrl,
  /** The traces endpoint itself (`…/v1/traces`), over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otelUrl,
  /** `http/protobuf` (default), `http/json` or `grpc` (the endpoint is then the collector's :4317). */
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
  /** The traces' own protocol, over OTEL_EXPORTER_OTLP_PROTOCOL. */
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
  /** `otlp`, `console` (spans on stdout, development) or `none`; unset: `otlp` if an endpoint is set. */
  OTEL_TRACES_EXPORTER: z.enum(["otlp", "console", "none"]).optional().or(unsetWhenEmpty),
  /**
   * The SDK's sampler names (`always_on`, `parentbased_traceidratio`, ...), read by the SDK;
   * unset: `parentbased_traceidratio` at DEFAULT_SAMPLE_RATIO (tracing-settings.ts).
   */
  OTEL_TRACES_SAMPLER: z.string().min(1).optional().or(unsetWhenEmpty),
  /** The sampler's argument (a ratio for the ratio samplers), as the SDK reads it. */
  OTEL_TRACES_SAMPLER_ARG: z.string().min(1).optional().or(unsetWhenEmpty),
  /** Default: the app's own name. */
  OTEL_SERVICE_NAME: z.string().min(1).optional().or(unsetWhenEmpty),
  OTEL_SDK_DISABLED: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
};

/** The OTEL_* settings as parsed (empty text undefined). */
export type TracingEnv = z.infer<z.ZodObject<typeof tracingEnvShape>>;
