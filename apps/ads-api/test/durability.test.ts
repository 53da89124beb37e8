import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createTestTarget, TEST_ENGINES } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../src/seed/demo-credentials.js";
import { startAdsApiProcess } from "../testing/index.js";
import { idOf, itemsOf } from "./support/bodies.js";
import { AdsClient } from "./support/signed-fetch.js";

const credentials = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
};
const account = DEMO.accounts[0].id;

describe.each(TEST_ENGINES)("durability on %s: SIGKILL loses no acknowledged write", (engine) => {
  let dir: string;
  let target: TestTarget;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-durability-"));
    target = await createTestTarget(engine, "durability");
    env = { ADS_API_SECRET_KEY_FILE: path.join(dir, "secret.key") };
  });
  afterAll(async () => {
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps every campaign whose create was answered 200 after a kill in mid-stream", async () => {
    const first = await startAdsApiProcess({ database: target.target, env });
    expect(first.output()).toContain("seeded the demo data set");
    const client = new AdsClient(first.urls, credentials);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (lane: number) => {
      for (let index = 0; !killed; index += 1) {
        try {
          const response = await client.post(`/12/accounts/${account}/campaigns`, {
            query: {
              name: `Durable ${lane}-${index}`,
              funding_instrument_id: `${account}f1`,
              entity_status: "PAUSED",
            },
          });
          if (response.status === 200) acknowledged.push(idOf(response));
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const lanes = [writer(1), writer(2), writer(3)];
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(40);
    await first.kill();
    killed = true;
    await Promise.all(lanes);

    const second = await startAdsApiProcess({ database: target.target, env });
    expect(second.output()).not.toContain("seeded the demo data set");
    const reader = new AdsClient(second.urls, credentials);
    const found = new Set<string>();
    for (let start = 0; start < acknowledged.length; start += 200) {
      const ids = acknowledged.slice(start, start + 200).join(",");
      const response = await reader.get(`/12/accounts/${account}/campaigns`, {
        campaign_ids: ids,
        count: 1000,
      });
      expect(response.status).toBe(200);
      for (const campaign of itemsOf(response) as { id: string }[]) found.add(campaign.id);
    }
    expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
    second.process.kill("SIGTERM");
    await new Promise((resolve) => second.process.once("exit", resolve));
  }, 120_000);
});
