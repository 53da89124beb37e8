import Fastify from "fastify";
import { Counter, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerMetricsRoute, type MetricsOptions } from "./metrics-route.js";

async function appWith(options: MetricsOptions) {
  const registry = new Registry();
  new Counter({ name: "probe_total", help: "a probe", registers: [registry] }).inc(3);
  const app = Fastify();
  registerMetricsRoute(app, registry, options);
  await app.ready();
  return app;
}

describe("GET /metrics access", () => {
  it("needs the token as a Bearer when METRICS_TOKEN is set, public or not", async () => {
    for (const open of [true, false]) {
      const app = await appWith({ token: "scrape-secret-1234", public: open });
      const get = (authorization?: string) =>
        app.inject({
          method: "GET",
          url: "/metrics",
          headers: authorization ? { authorization } : {},
        });
      expect((await get()).statusCode).toBe(401);
      expect((await get("Bearer wrong-secret-1234")).statusCode).toBe(401);
      expect((await get("scrape-secret-1234")).statusCode).toBe(401);
      const answer = await get("Bearer scrape-secret-1234");
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain("probe_total 3");
      expect(answer.body).toContain("adsgraph_graphql_process_cpu_user_seconds_total");
      await app.close();
    }
  });

  it("without a token, is served only where METRICS_PUBLIC (off by default in production)", async () => {
    const open = await appWith({ token: undefined, public: true });
    expect((await open.inject({ method: "GET", url: "/metrics" })).body).toContain("probe_total 3");
    const closed = await appWith({ token: undefined, public: false });
    expect((await closed.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    await Promise.all([open.close(), closed.close()]);
  });
});
