import {
  serverTracing as fastifyServerTracing,
  type AppTracing,
  type ServerTracing,
} from "@adsgraph/telemetry";

/**
 * How ads-api is traced (packages/telemetry starts it): a server span per request on every
 * host role, continuing the caller's `traceparent` (the facade's upstream call), so one trace
 * covers both services; none for probes and the loopback admin routes (tests' request log,
 * simulated activity). ads-api calls nothing a child span would show, so the SDK's
 * synchronous context manager is all it needs.
 */
export const ADS_API_TRACING: AppTracing = {
  serviceName: "adsgraph-ads-api",
  untraced: (path) => path === "/health" || path.startsWith("/_admin/"),
};

/** ads-api's server instrumentation alone, for a process whose SDK another app starts. */
export function serverTracing(): Promise<ServerTracing> {
  return fastifyServerTracing(ADS_API_TRACING);
}
