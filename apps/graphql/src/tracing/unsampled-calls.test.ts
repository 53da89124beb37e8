import { SyncContextManager } from "@adsgraph/telemetry";
import { context, propagation, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import type { TextMapPropagator } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipUnsampledCall } from "./unsampled-calls.js";

/** W3C trace context's `traceparent`, enough to see what is sent. */
const traceparent: TextMapPropagator = {
  inject(ctx, carrier, setter) {
    const span = trace.getSpanContext(ctx);
    if (span === undefined) return;
    const flags = span.traceFlags.toString(16).padStart(2, "0");
    setter.set(carrier, "traceparent", `00-${span.traceId}-${span.spanId}-${flags}`);
  },
  extract: (ctx) => ctx,
  fields: () => ["traceparent"],
};

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const parentWith = (traceFlags: number) =>
  trace.setSpan(
    ROOT_CONTEXT,
    trace.wrapSpanContext({ traceId: TRACE_ID, spanId: "00f067aa0ba902b7", traceFlags }),
  );

/** A request as undici hands it over, recording the headers added to it. */
function request() {
  const added: Array<[string, string]> = [];
  return { added, addHeader: (name: string, value: string) => added.push([name, value]) };
}

describe("skipUnsampledCall", () => {
  beforeAll(() => {
    context.setGlobalContextManager(new SyncContextManager());
    propagation.setGlobalPropagator(traceparent);
  });
  afterAll(() => {
    context.disable();
    propagation.disable();
  });

  it("skips the client span of a call in a trace not sampled, still sending its traceparent", () => {
    const call = request();
    expect(context.with(parentWith(0), () => skipUnsampledCall(call))).toBe(true);
    expect(call.added).toEqual([["traceparent", `00-${TRACE_ID}-00f067aa0ba902b7-00`]]);
  });

  it("instruments a call in a sampled trace, and one outside any trace, as before", () => {
    const sampled = request();
    expect(context.with(parentWith(1), () => skipUnsampledCall(sampled))).toBe(false);
    const outside = request();
    expect(skipUnsampledCall(outside)).toBe(false);
    expect([...sampled.added, ...outside.added]).toEqual([]);
  });
});
