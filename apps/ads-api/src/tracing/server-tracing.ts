import { serverTracing as fastifyServerTracing, type ServerTracing } from "@adsgraph/telemetry";

/** Probes and the loopback admin routes (tests' request log, simulated activity). */
const untraced = (path: string) => path === "/health" || path.startsWith("/_admin/");

/**
 * ads-api's server instrumentation (packages/telemetry's, the same as the facade's): a span
 * per request on every host role, continuing the caller's `traceparent` (the facade's
 * upstream call), so one trace covers both services. ads-api calls nothing a child span would
 * show.
 */
export function serverTracing(): Promise<ServerTracing> {
  return fastifyServerTracing({ untraced });
}
