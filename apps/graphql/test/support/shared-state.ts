import { randomUUID } from "node:crypto";
import { connectRedis, TEST_REDIS_URL } from "@adsgraph/storage";
import type { SharedState } from "../../src/shared/shared-state.js";

/** A shared state as `openSharedState` builds it, with the parts' fallbacks recorded. */
export interface TestSharedState extends SharedState {
  /** Every `fellBack` call, in order (part names). */
  readonly fellBackParts: string[];
}

/**
 * For unit tests: one replica's shared state on the test Redis under `prefix` (several replicas
 * of a test share one prefix), or on `url` (a port nothing listens on: Redis down).
 */
export async function testSharedState(
  prefix: string,
  url: string = TEST_REDIS_URL,
): Promise<TestSharedState> {
  const redis = await connectRedis({ url, prefix, commandTimeoutMs: 10_000 });
  const fallbacks = new Map<string, number>();
  const fellBackParts: string[] = [];
  return {
    redis,
    replicaId: `test:${randomUUID().slice(0, 8)}`,
    get mode() {
      return redis.up ? "shared" : "degraded";
    },
    fallbacks,
    fellBackParts,
    fellBack(part) {
      fallbacks.set(part, (fallbacks.get(part) ?? 0) + 1);
      fellBackParts.push(part);
    },
    close: () => redis.close(),
  };
}
