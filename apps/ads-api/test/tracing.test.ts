import { startAppTracing, type Tracing } from "@adsgraph/telemetry";
import { context, ROOT_CONTEXT, SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADS_API_TRACING } from "../src/tracing/server-tracing.js";
import { startTestServer, type TestServer } from "./support/server.js";

// ads-api traces without AsyncLocalStorage (the SDK start registers SyncContextManager): its request span is
// held by the request, and still continues the caller's trace (the facade's, issue 20).

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_ID = "00f067aa0ba902b7";

describe("ads-api tracing", () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let server: TestServer;

  beforeAll(async () => {
    tracing = await startAppTracing(ADS_API_TRACING, exporter);
    server = await startTestServer("pglite", { tracing });
  });

  afterAll(async () => {
    await server.close();
    await tracing.shutdown();
  });

  /** The spans exported once `found` holds of them (flushed and read again until then). */
  async function spansWhen(found: (spans: ReadableSpan[]) => boolean): Promise<ReadableSpan[]> {
    await expect
      .poll(async () => {
        await tracing.flush();
        return found(exporter.getFinishedSpans());
      })
      .toBe(true);
    return exporter.getFinishedSpans();
  }

  it("continues the caller's traceparent with a server span per request, without async context", async () => {
    const response = await fetch(`${server.urls.ads}/12/accounts?count=5&secret_thing=hunter2`, {
      headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    });
    expect(response.status).toBe(401);
    const isRequest = (span: ReadableSpan) => span.attributes["http.route"] === "/12/accounts";
    const span = (await spansWhen((all) => all.some(isRequest))).find(isRequest);
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.name).toBe("GET /12/accounts");
    expect(span?.spanContext().traceId).toBe(TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe(PARENT_ID);
    expect(span?.attributes["http.response.status_code"]).toBe(401);
    expect(span?.resource.attributes["service.name"]).toBe("adsgraph-ads-api");
    // Masked as the request log masks it.
    expect(JSON.stringify(span?.attributes)).not.toContain("hunter2");
    // Nothing is propagated across awaits: the active context stays the root one.
    await Promise.resolve();
    expect(context.active()).toBe(ROOT_CONTEXT);
  });

  it("traces no health probe", async () => {
    exporter.reset();
    expect((await fetch(`${server.urls.base}/health`)).status).toBe(200);
    await fetch(`${server.urls.ads}/12/accounts`);
    const spans = await spansWhen((all) =>
      all.some((s) => s.attributes["http.route"] === "/12/accounts"),
    );
    expect(spans.some((s) => s.attributes["http.route"] === "/health")).toBe(false);
  });
});
