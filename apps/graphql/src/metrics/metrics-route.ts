import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Registry } from "prom-client";
import { scrape } from "./process-metrics.js";

export interface MetricsOptions {
  /** METRICS_TOKEN: when set, `/metrics` needs `Authorization: Bearer <token>`. */
  readonly token: string | undefined;
  /** Without a token, serve `/metrics` to anyone (METRICS_PUBLIC; off in production). */
  readonly public: boolean;
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
    return reply.type(registry.contentType).send(await scrape(registry));
  });
}
