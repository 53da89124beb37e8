import type { DatabaseTarget } from "@adsgraph/storage";
import { startAdsApi, startAdsApiReplicas } from "../../testing/index.js";
import type {
  AdsApiInstanceOptions,
  StartedAdsApi,
  AdsApiReplicas,
  AdsApiReplicasOptions,
} from "../../testing/index.js";

export type TestServer = StartedAdsApi;
export type TestServerOptions = AdsApiInstanceOptions;
export type TestReplicas = AdsApiReplicas;

/** A movable clock for tests (poll closing, request token expiry). */
export function testClock(): { now: () => Date; advance: (ms: number) => void } {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
}

/** ads-api's own tests start from an empty service: each creates the actors it needs. */
export function startTestServer(
  engine: DatabaseTarget["engine"],
  options: TestServerOptions = {},
): Promise<TestServer> {
  return startAdsApi({ engine, seed: "none", ...options });
}

/**
 * Replicas as one service (issue 19): one PostgreSQL database, one Redis prefix (shared mode),
 * shared public URLs behind a balancer, each replica listening on ports of its own; empty, as
 * every ads-api test starts (`startAdsApiReplicas` of the package is what other packages use).
 */
export function startTestReplicas(options: AdsApiReplicasOptions): Promise<TestReplicas> {
  return startAdsApiReplicas({ seed: "none", ...options });
}
