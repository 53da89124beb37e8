export { RedactingSpanProcessor } from "./redacting-processor.js";
export { startTracing, traceExporterOf } from "./start-tracing.js";
export { SyncContextManager } from "./sync-context-manager.js";
export type { StartedTracing } from "./start-tracing.js";
export { tracingLine, tracingSettings } from "./tracing-settings.js";
export type { TracingEnv, TracingSettings } from "./tracing-settings.js";
