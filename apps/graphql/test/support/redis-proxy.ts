import { startTcpBalancer } from "@adsgraph/ads-api/testing";
import { TEST_REDIS_URL } from "@adsgraph/storage";

/** The test Redis behind a forwarder a test can take down and bring back. */
export interface RedisProxy {
  /** `redis://127.0.0.1:<port>`, for REDIS_URL. */
  readonly url: string;
  /** Cuts every connection and closes new ones at once (Redis "down" for its users). */
  down(): Promise<void>;
  /** Forwards connections again. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisProxy(): Promise<RedisProxy> {
  let up = true;
  const balancer = await startTcpBalancer(() => (up ? [TEST_REDIS_URL] : []));
  return {
    url: balancer.url.replace(/^http:/, "redis:"),
    down: () => {
      up = false;
      balancer.cut();
      return Promise.resolve();
    },
    up: () => {
      up = true;
      return Promise.resolve();
    },
    close: () => balancer.close(),
  };
}
