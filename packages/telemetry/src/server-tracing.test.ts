import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerServerTracing, serverTracing } from "./server-tracing.js";
import { startTracing, type StartedTracing } from "./start-tracing.js";

describe("serverTracing", () => {
  const exporter = new InMemorySpanExporter();
  const app = Fastify();
  let started: StartedTracing;

  beforeAll(async () => {
    const tracing = await serverTracing({ untraced: (path) => path === "/health" });
    started = await startTracing({
      serviceName: "server-tracing-test",
      exporter,
      instrumentations: [tracing.instrumentation],
    });
    await registerServerTracing(app, tracing);
    // A hook of the app's own: it gets no span of its own.
    app.addHook("onRequest", (_request, _reply, done) => {
      done();
    });
    app.get("/health", () => ({ status: "ok" }));
    app.get("/items/:id", () => ({ ok: true }));
  });

  afterAll(async () => {
    await app.close();
    await started.shutdown();
  });

  it("makes one server span per request, named by method and route, continuing the caller's trace", async () => {
    exporter.reset();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const callerSpan = "00f067aa0ba902b7";
    const answer = await app.inject({
      url: "/items/42?oauth_token=T0KEN&x=1",
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(answer.statusCode).toBe(200);
    await started.flush();
    const spans = exporter.getFinishedSpans();
    // No span per hook or handler: the request's only.
    expect(spans.map((span) => [span.name, span.kind])).toEqual([
      ["GET /items/:id", SpanKind.SERVER],
    ]);
    const [span] = spans;
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(span?.parentSpanContext?.spanId).toBe(callerSpan);
    expect(span?.attributes["http.response.status_code"]).toBe(200);
    // The raw URL is recorded masked (RedactingSpanProcessor).
    expect(JSON.stringify(span?.attributes)).not.toContain("T0KEN");
  });

  it("leaves the paths it is told to untraced, whatever their query string", async () => {
    exporter.reset();
    expect((await app.inject({ url: "/health" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/health?probe=1" })).statusCode).toBe(200);
    await started.flush();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
