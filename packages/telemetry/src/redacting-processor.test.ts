import { SpanStatusCode } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { RedactingSpanProcessor } from "./redacting-processor.js";

describe("RedactingSpanProcessor", () => {
  it("masks credentials in attributes, event attributes and the status before export", () => {
    const exporter = new InMemorySpanExporter();
    // Not registered globally: this provider is the test's alone.
    const provider = new BasicTracerProvider({
      spanProcessors: [new RedactingSpanProcessor(), new SimpleSpanProcessor(exporter)],
    });
    const span = provider.getTracer("test").startSpan("GET /auth/callback", {
      attributes: { "url.path": "/auth/callback?oauth_token=tok123&oauth_verifier=ver456" },
    });
    span.setAttribute("http.response.status_code", 302);
    span.addEvent("note", { detail: "access_token_secret=sec789" });
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'bad body {"token":"tok123"}' });
    span.end();

    const [exported] = exporter.getFinishedSpans();
    const text = JSON.stringify([exported?.attributes, exported?.events, exported?.status]);
    for (const secret of ["tok123", "ver456", "sec789"]) expect(text).not.toContain(secret);
    expect(exported?.attributes["url.path"]).toMatch(/^\/auth\/callback\?oauth_token=/);
    expect(exported?.attributes["http.response.status_code"]).toBe(302);
    expect(exported?.status.code).toBe(SpanStatusCode.ERROR);
  });
});
