import type { DatabaseTarget } from "@adsgraph/storage";
import { startAdsApi } from "../../src/testing/start-ads-api.js";
import type { AdsApiInstanceOptions, StartedAdsApi } from "../../src/testing/start-ads-api.js";

export type TestServer = StartedAdsApi;
export type TestServerOptions = AdsApiInstanceOptions;

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
