import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { deletePrefixed, TEST_REDIS_URL, testRedisPrefix } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL, STACK_ENGINE, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";
import { startRedisProxy, type RedisProxy } from "./support/redis-proxy.js";

interface Health {
  status: string;
  redis: string;
}

async function health(facade: RunningFacade): Promise<Health> {
  const response = await fetch(`${facade.origin}/health`);
  expect(response.status).toBe(200);
  return (await response.json()) as Health;
}

async function metric(facade: RunningFacade, name: string): Promise<string | undefined> {
  const text = await (await fetch(`${facade.origin}/metrics`)).text();
  return text
    .split("\n")
    .find((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));
}

describe("shared mode: Redis state in /health and /metrics", () => {
  const prefix = testRedisPrefix("facade-shared-state");
  let adsApi: StartedAdsApi;
  let proxy: RedisProxy;
  let facade: RunningFacade;

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: STACK_ENGINE });
    proxy = await startRedisProxy();
    facade = await startFacade({
      env: { ...adsApi.env, REDIS_URL: proxy.url, REDIS_KEY_PREFIX: prefix },
    });
  });
  afterAll(async () => {
    await facade.close();
    await proxy.close();
    await adsApi.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  it("reports Redis up, then degraded while it is down, and keeps answering", async () => {
    expect(await health(facade)).toMatchObject({ status: "ok", redis: "up" });
    expect(await metric(facade, "adsgraph_redis_up")).toBe("adsgraph_redis_up 1");

    await proxy.down();
    await expect.poll(async () => (await health(facade)).redis).toBe("down");
    expect(await health(facade)).toMatchObject({ status: "degraded", redis: "down" });
    expect(await metric(facade, "adsgraph_redis_up")).toBe("adsgraph_redis_up 0");
    const answer = await postGraphQL(facade.url, "{ health }");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ health: "ok" });
    expect(answer.body.errors).toBeUndefined();

    await proxy.up();
    await expect.poll(async () => (await health(facade)).redis).toBe("up");
    expect(await health(facade)).toMatchObject({ status: "ok" });
  });
});

describe("embedded mode and the metrics token", () => {
  let facade: RunningFacade;
  beforeAll(async () => {
    facade = await startFacade({ env: { METRICS_TOKEN: "scrape-secret-1234" } });
  });
  afterAll(async () => {
    await facade.close();
  });

  it("says Redis is off, and serves /metrics only with the token", async () => {
    expect(await health(facade)).toMatchObject({ status: "ok", redis: "off" });
    const refused = await fetch(`${facade.origin}/metrics`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain("scrape-secret-1234");
    const wrong = await fetch(`${facade.origin}/metrics`, {
      headers: { authorization: "Bearer scrape-secret-9999" },
    });
    expect(wrong.status).toBe(401);
    const scraped = await fetch(`${facade.origin}/metrics`, {
      headers: { authorization: "Bearer scrape-secret-1234" },
    });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain("adsgraph_shared_state_fallbacks_total");
    // No Redis configured: no up/down gauge to mislead a dashboard.
    expect(text).not.toContain("adsgraph_redis_up ");
  });
});
