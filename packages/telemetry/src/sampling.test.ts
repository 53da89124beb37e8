import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startAppTracing } from "./app-tracing.js";
import { registerServerTracing } from "./server-tracing.js";
import type { TracingEnv } from "./tracing-env.js";
import { DEFAULT_SAMPLE_RATIO, tracingLine, tracingSettings } from "./tracing-settings.js";

const endpoint = { OTEL_SDK_DISABLED: false, OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
const ratioOf = (env: Partial<TracingEnv>) =>
  tracingSettings({ ...endpoint, ...env }, "adsgraph-graphql")?.sampleRatio;

describe("the default sampler's settings", () => {
  it("records one new trace in ten unless told otherwise", () => {
    expect(DEFAULT_SAMPLE_RATIO).toBe(0.1);
    expect(ratioOf({})).toBe(0.1);
    const settings = tracingSettings(endpoint, "adsgraph-graphql");
    expect(settings && tracingLine(settings)).toBe(
      "Tracing: spans of adsgraph-graphql to http://collector:4318/v1/traces (OTLP http/protobuf), 10% of new traces",
    );
  });

  it("takes OTEL_TRACES_SAMPLER_ARG as the ratio, and leaves a named sampler to the SDK", () => {
    expect(ratioOf({ OTEL_TRACES_SAMPLER_ARG: "0.25" })).toBe(0.25);
    expect(ratioOf({ OTEL_TRACES_SAMPLER_ARG: "1" })).toBe(1);
    // Not a ratio: the default, as the SDK falls back on a bad argument.
    expect(ratioOf({ OTEL_TRACES_SAMPLER_ARG: "2" })).toBe(0.1);
    expect(ratioOf({ OTEL_TRACES_SAMPLER_ARG: "half" })).toBe(0.1);
    expect(ratioOf({ OTEL_TRACES_SAMPLER: "parentbased_always_on" })).toBeUndefined();
    const named = tracingSettings(
      { ...endpoint, OTEL_TRACES_SAMPLER: "always_on" },
      "adsgraph-graphql",
    );
    expect(named && tracingLine(named)).not.toMatch(/new traces/);
  });
});

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const traceparent = (sampled: boolean) =>
  `00-${TRACE_ID}-00f067aa0ba902b7-${sampled ? "01" : "00"}`;

/** A traced app (as ads-api is: a server span per request), its exporter, and its end. */
async function tracedApp(sampleRatio: number | undefined) {
  const exporter = new InMemorySpanExporter();
  const tracing = await startAppTracing(
    { serviceName: "sampling-test", untraced: () => false },
    exporter,
    sampleRatio,
  );
  const app = Fastify();
  await registerServerTracing(app, tracing);
  app.get("/items", () => ({ ok: true }));
  return {
    /** The spans recorded for one request with these headers. */
    async spansOf(headers: Record<string, string> = {}) {
      exporter.reset();
      expect((await app.inject({ url: "/items", headers })).statusCode).toBe(200);
      await tracing.flush();
      return exporter.getFinishedSpans();
    },
    close: async () => {
      await app.close();
      await tracing.shutdown();
    },
  };
}

describe("parent-based ratio sampling", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
    vi.unstubAllEnvs();
  });

  it("continues a sampled caller's trace whatever the ratio (the facade → ads-api hop)", async () => {
    const app = await tracedApp(0);
    close = app.close;
    const spans = await app.spansOf({ traceparent: traceparent(true) });
    expect(spans.map((span) => span.spanContext().traceId)).toEqual([TRACE_ID]);
    // A caller that did not sample: nothing recorded here either, so no trace is left half.
    expect(await app.spansOf({ traceparent: traceparent(false) })).toEqual([]);
    // A new trace at ratio 0: none.
    expect(await app.spansOf()).toEqual([]);
  });

  it("records every new trace at ratio 1, and none the caller left unsampled", async () => {
    const app = await tracedApp(1);
    close = app.close;
    expect(await app.spansOf()).toHaveLength(1);
    expect(await app.spansOf({ traceparent: traceparent(false) })).toEqual([]);
  });

  it("leaves the sampler to OTEL_TRACES_SAMPLER without a ratio", async () => {
    vi.stubEnv("OTEL_TRACES_SAMPLER", "always_off");
    const app = await tracedApp(undefined);
    close = app.close;
    expect(await app.spansOf({ traceparent: traceparent(true) })).toEqual([]);
  });
});
