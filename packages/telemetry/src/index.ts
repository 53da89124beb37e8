export { RedactingSpanProcessor } from "./redacting-processor.js";
export { startTracing, traceExporterOf } from "./start-tracing.js";
export { SyncContextManager } from "./sync-context-manager.js";
export type { StartedTracing } from "./start-tracing.js";
export { OTLP_PROTOCOLS, tracingLine, tracingSettings } from "./tracing-settings.js";
export type { OtlpProtocol, TracingSettings } from "./tracing-settings.js";
export { tracingEnvShape } from "./tracing-env.js";
export type { TracingEnv } from "./tracing-env.js";
