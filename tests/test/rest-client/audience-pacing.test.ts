import { tapRequests } from "@adsgraph/ads-api/testing";
import type { RequestTap } from "@adsgraph/ads-api/testing";
import { uploadAudienceUsers } from "@adsgraph/rest-client";
import type { RestClient, UploadReport } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";

const USERS_PATH = /^\/12\/accounts\/[^/]+\/custom_audiences\/[^/]+\/users$/;
/** ads-api started with a users-batch window small enough to fill in a test: 3 per 2 s. */
const LIMIT = 3;
const WINDOW_MS = 2000;

describe("the audience uploader against apps/ads-api with a small users-batch limit", () => {
  let api: AdsApi;
  let client: RestClient;
  let tap: RequestTap;

  beforeAll(async () => {
    api = await startAdsApi({ limits: { usersBatchRate: LIMIT, usersBatchWindowMs: WINDOW_MS } });
    client = api.client();
    tap = tapRequests(api, { path: USERS_PATH, roles: ["ads"] });
  });
  afterAll(async () => {
    tap.detach();
    await api.close();
  });

  it("uploads 10 batches at 3 per window: it waits for each reset and ads-api answers no 429", async () => {
    const audienceId = (
      await client.custom_audiences.create({ account_id: DEMO_ACCOUNT, name: "paced upload" })
    ).data.id;
    const reports: UploadReport[] = [];
    const report = await uploadAudienceUsers(client, {
      account_id: DEMO_ACCOUNT,
      custom_audience_id: audienceId,
      source: Array.from({ length: 100 }, (_, i) => `paced.${i}@example.com`),
      maxOperations: 10,
      onProgress: (r) => reports.push(r),
    });
    expect(report).toMatchObject({ sent: 100, accepted: 100, batches: 10, retries: 0, done: true });
    // ads-api's own record of what it answered: 10 batches, every one accepted.
    expect(tap.requests.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
    // ceil(10 / 3) = 4 windows: 3 waits unless a slow run outlives a window; each announced.
    const waits = reports.filter((r) => r.waitingUntil !== null);
    expect(waits.length).toBe(report.rateLimitWaits);
    expect(report.rateLimitWaits).toBeGreaterThanOrEqual(1);
    expect(await api.server.ctx.prisma.audienceMember.count({ where: { audienceId } })).toBe(100);
  });
});
