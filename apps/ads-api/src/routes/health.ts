import type { HostRole } from "@adsgraph/models";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../errors.js";

/**
 * `GET /health` for load balancers and operators, with whether replicas share state (`redis`:
 * off, up or down). In shared mode with Redis down this replica refuses signed and
 * rate-limited requests (fail closed), so it answers 503 `unavailable`: a load balancer routes
 * away until Redis is back.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext, role: HostRole): void {
  app.get("/health", async (_request, reply) => {
    const { redis } = ctx;
    if (redis === undefined) return { status: "ok", role, redis: "off" };
    if (redis.up) return { status: "ok", role, redis: "up", replica: ctx.replicaId };
    return reply
      .status(503)
      .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ status: "unavailable", role, redis: "down", replica: ctx.replicaId });
  });
}
