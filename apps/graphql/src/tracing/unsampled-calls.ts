import { context, propagation, trace, TraceFlags } from "@opentelemetry/api";

/** What the hook needs of undici's request (the undici instrumentation's `UndiciRequest`). */
interface OutgoingRequest {
  addHeader?: (name: string, value: string) => unknown;
}

/**
 * The undici instrumentation's `ignoreRequestHook`: an upstream call inside a trace that is
 * not sampled gets no client span, which would not be recorded anyway but costs a URL parse,
 * its attributes, a read of the request's headers and three channel events (most of what an
 * unsampled trace costs the facade). Its `traceparent` is still sent, from the parent (flag
 * `00`), so ads-api follows the decision (parent-based) instead of sampling the call as a new
 * trace. Calls in a sampled trace, and calls outside any trace (the bearer token's fetch, the
 * activity stream), are instrumented as before.
 */
export function skipUnsampledCall(request: OutgoingRequest): boolean {
  const active = context.active();
  const parent = trace.getSpanContext(active);
  if (parent === undefined || !trace.isSpanContextValid(parent)) return false;
  if ((parent.traceFlags & TraceFlags.SAMPLED) !== 0) return false;
  if (typeof request.addHeader !== "function") return false;
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  for (const [name, value] of Object.entries(carrier)) request.addHeader(name, value);
  return true;
}
