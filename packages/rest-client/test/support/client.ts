import { createRestClient } from "../../src/index.js";
import type { RestClient } from "../../src/index.js";
import type { ScriptedServer } from "./scripted-server.js";

/**
 * Distinctive credentials: tests scan every error, message and hook payload for these
 * strings. The consumer key is not a secret (packages/oauth keeps it visible on purpose).
 */
export const SECRETS = {
  consumerSecret: "cs_SECRET_consumer_7f3a",
  token: "at_SECRET_token_91be",
  tokenSecret: "ats_SECRET_tokensecret_c0de",
  bearerToken: "bt_SECRET_bearer_55aa",
} as const;

export const TEST_AUTH = {
  consumer: { consumerKey: "ck_visible_key", consumerSecret: SECRETS.consumerSecret },
  token: { token: SECRETS.token, tokenSecret: SECRETS.tokenSecret },
};

/** A fake clock whose sleep advances it instantly and records every wait. */
export function fakeTime(start = Date.UTC(2025, 0, 1, 12, 0, 0)) {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    clock: () => now,
    sleep: (ms: number) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

/** A client against a scripted server (or any base URL serving every role), for tests. */
export function clientFor(
  target: ScriptedServer | string,
  options: Parameters<typeof createRestClient>[0] = {},
): RestClient {
  const url = typeof target === "string" ? target : target.url;
  return createRestClient({
    hosts: { base: url, ads: url, "ads-sandbox": url },
    auth: TEST_AUTH,
    retry: { baseDelayMs: 1, maxDelayMs: 4 },
    ...options,
  });
}
