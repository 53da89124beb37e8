import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import type { SharedState } from "../shared/shared-state.js";

export interface MetricsOptions {
  /** METRICS_TOKEN: when set, `/metrics` needs `Authorization: Bearer <token>`. */
  readonly token: string | undefined;
  /** Without a token, serve `/metrics` to anyone (METRICS_PUBLIC; off in production). */
  readonly public: boolean;
}

/** The facade's Prometheus registry: one per server, so tests' servers never share counters. */
export function createMetrics(shared: SharedState): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "adsgraph_graphql_" });
  new Gauge({
    name: "adsgraph_redis_up",
    help: "1 while the replica reaches Redis, 0 while it answers from local state (degraded); absent without REDIS_URL",
    registers: shared.redis === undefined ? [] : [registry],
    collect() {
      this.set(shared.redis?.up === true ? 1 : 0);
    },
  });
  new Counter({
    name: "adsgraph_shared_state_fallbacks_total",
    help: "Times a shared part (rate budgets, bearer token, access checks, fan-out...) answered from local state because Redis failed",
    labelNames: ["part"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [part, count] of shared.fallbacks) this.inc({ part }, count);
    },
  });
  return registry;
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `GET /metrics` in Prometheus' text format, behind METRICS_TOKEN when one is set. */
export function registerMetricsRoute(
  app: FastifyInstance,
  registry: Registry,
  options: MetricsOptions,
): void {
  if (options.token === undefined && !options.public) return;
  app.get("/metrics", async (request, reply) => {
    if (options.token !== undefined) {
      const header = request.headers.authorization ?? "";
      const sent = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
      if (!sameToken(sent, options.token)) {
        return reply
          .code(401)
          .send({ error: "metrics need Authorization: Bearer <METRICS_TOKEN>" });
      }
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
