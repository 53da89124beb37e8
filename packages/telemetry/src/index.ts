export { startAppTracing, tracingFromEnv } from "./app-tracing.js";
export type { AppTracing, Tracing } from "./app-tracing.js";
export { OneLineLogController } from "./one-line-log-controller.js";
export { RedactingSpanProcessor } from "./redacting-processor.js";
export { registerServerTracing, serverTracing } from "./server-tracing.js";
export type { ServerTracing } from "./server-tracing.js";
export { SyncContextManager } from "./sync-context-manager.js";
export { OTLP_PROTOCOLS, tracingEnvShape } from "./tracing-env.js";
export type { OtlpProtocol, TracingEnv } from "./tracing-env.js";
