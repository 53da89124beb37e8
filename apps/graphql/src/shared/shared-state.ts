import { randomUUID } from "node:crypto";
import os from "node:os";
import { connectRedis, type SharedRedis } from "@adsgraph/storage";
import type { Env } from "../env.js";

/**
 * What replicas share (issue 19). `redis` is undefined in the embedded mode (no REDIS_URL):
 * every part then keeps its state in process. In shared mode each part uses Redis while it is
 * up and falls back to local state while it is down (degraded, never dead).
 */
export interface SharedState {
  readonly redis: SharedRedis | undefined;
  /** This process among the replicas (leases, logs): host, pid and a random part. */
  readonly replicaId: string;
  /** `embedded` without REDIS_URL; `shared` with Redis up; `degraded` while it is down. */
  readonly mode: "embedded" | "shared" | "degraded";
  /** Times a part answered from local state because Redis failed (per part). */
  readonly fallbacks: ReadonlyMap<string, number>;
  /** A part tells that Redis failed it and it answered locally (logged once per outage). */
  fellBack(part: string, error: unknown): void;
  close(): Promise<void>;
}

export interface SharedStateLog {
  warn(message: string): void;
  info(message: string): void;
}

/** Why a Redis call failed, without anything it carried (keys may hold user ids, never secrets). */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return "error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.message.slice(0, 120);
}

/** Opens Redis when REDIS_URL is set; never fails start because Redis is down. */
export async function openSharedState(env: Env, log: SharedStateLog): Promise<SharedState> {
  const replicaId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const fallbacks = new Map<string, number>();
  const warned = new Set<string>();
  const redis =
    env.REDIS_URL === undefined
      ? undefined
      : await connectRedis({
          url: env.REDIS_URL,
          prefix: env.REDIS_KEY_PREFIX,
          commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
          onStateChange: (up, reason) => {
            if (up) {
              warned.clear();
              log.info("shared state: Redis reachable, replicas share budgets, tokens and events");
            } else {
              log.warn(
                `shared state degraded: Redis unreachable (${reason ?? "down"}); answering with this replica's local budgets, bearer token and fan-out until it returns`,
              );
            }
          },
        });
  if (redis !== undefined && !redis.up) {
    log.warn(
      "shared state degraded: Redis unreachable at start; answering with local state and reconnecting",
    );
  }
  return {
    redis,
    replicaId,
    get mode() {
      if (redis === undefined) return "embedded";
      return redis.up ? "shared" : "degraded";
    },
    fallbacks,
    fellBack(part, error) {
      fallbacks.set(part, (fallbacks.get(part) ?? 0) + 1);
      if (warned.has(part)) return;
      warned.add(part);
      log.warn(`shared state degraded: ${part} answered locally (${failureReason(error)})`);
    },
    close: async () => {
      await redis?.close();
    },
  };
}
