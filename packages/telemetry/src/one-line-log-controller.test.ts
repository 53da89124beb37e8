import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { startAppTracing } from "./app-tracing.js";
import { OneLineLogController } from "./one-line-log-controller.js";
import { registerServerTracing } from "./server-tracing.js";

describe("OneLineLogController", () => {
  it("logs each request once, at completion, with its method, URL, status and time", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logController: new OneLineLogController(),
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    app.get("/x", () => ({ ok: true }));
    await app.inject({ url: "/x?a=1" });
    await app.inject({ url: "/missing" });
    await app.close();
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = logged.filter((entry) => entry.msg === "request completed");
    expect(logged.filter((entry) => entry.msg === "incoming request")).toEqual([]);
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({
      req: { method: "GET", url: "/x?a=1" },
      res: { statusCode: 200 },
    });
    expect(typeof completed[0]?.responseTime).toBe("number");
    expect(completed[1]).toMatchObject({ req: { url: "/missing" }, res: { statusCode: 404 } });
    // Untraced: no trace fields.
    expect(completed[0]).not.toHaveProperty("trace_id");
  });

  it("names the request's trace, sampled or not, so a failure in an unsampled trace can be found", async () => {
    const tracing = await startAppTracing(
      { serviceName: "log-test", untraced: () => false },
      new InMemorySpanExporter(),
      0,
    );
    const lines: string[] = [];
    const app = Fastify({
      logController: new OneLineLogController(),
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await registerServerTracing(app, tracing);
      app.get("/fail", () => {
        throw new Error("upstream down");
      });
      const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
      await app.inject({
        url: "/fail",
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-00` },
      });
      await app.inject({ url: "/fail" });
    } finally {
      await app.close();
      await tracing.shutdown();
    }
    const errored = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "request completed" || entry.msg === "request errored");
    expect(errored).toHaveLength(2);
    // The caller's trace (not sampled), and a new one at ratio 0 (not sampled either).
    expect(errored[0]).toMatchObject({
      trace_id: "4bf92f3577b34da6a3ce929d0e0e4736",
      trace_flags: "00",
      res: { statusCode: 500 },
    });
    expect(errored[1]?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(errored[1]?.span_id).toMatch(/^[0-9a-f]{16}$/);
  });
});
