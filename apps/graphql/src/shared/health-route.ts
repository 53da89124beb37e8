import type { FastifyInstance } from "fastify";
import type { FanOutStats } from "../activity/activity-fanout.js";
import type { SharedState } from "./shared-state.js";

/**
 * `GET /health` for load balancers and operators: 200 while the process serves, with whether
 * replicas share state (`redis`: off, up or down) and `status: degraded` while Redis is down
 * (answers still flow, from this replica's local state), and this replica's part in the
 * activity stream (`holder` of the cluster's one upstream stream, `follower`, or `local`).
 */
export function registerHealthRoute(
  app: FastifyInstance,
  shared: SharedState,
  activity: () => FanOutStats,
): void {
  app.get("/health", () => {
    const redis = shared.redis === undefined ? "off" : shared.redis.up ? "up" : "down";
    return {
      status: shared.mode === "degraded" ? "degraded" : "ok",
      redis,
      replica: shared.replicaId,
      fallbacks: Object.fromEntries(shared.fallbacks),
      activity: (({ role, streaming, connected, subscribers, live }) => ({
        role,
        streaming,
        connected,
        subscribers,
        live,
      }))(activity()),
    };
  });
}
