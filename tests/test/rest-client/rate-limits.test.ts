import { campaignSchema } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { RestRateLimitError } from "@adsgraph/rest-client";
import type { RetryEvent } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT, present, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";

/**
 * ads-api with a tiny budget: 3 requests per token and endpoint family per 8 s window. The
 * window opens at the first request; on a loaded machine three calls took over 2 s, so a shorter
 * one could close before the budget was spent.
 */
const LIMIT = 3;
const WINDOW_MS = 8_000;

describe("rate limits of apps/ads-api through the client", () => {
  let api: AdsApi;
  const account_id = DEMO_ACCOUNT;

  beforeAll(async () => {
    api = await startAdsApi({ limits: { userRate: LIMIT, rateWindowMs: WINDOW_MS } });
  });
  afterAll(() => api.close());

  const statusesOf = async (id: EndpointId) =>
    (await api.requests.entries(id)).map((entry) => entry.status);

  it("waits for the reset after a 429 and then succeeds", async () => {
    const retries: RetryEvent[] = [];
    // Sending blindly (no wait on a known-zero budget) so that ads-api itself answers 429.
    const client = api.client({
      rateLimit: { waitBeforeSend: false, padMs: 50 },
      hooks: { onRetry: (event) => retries.push(event) },
    });
    for (let call = 0; call < LIMIT; call += 1) await client.campaigns.list({ account_id });
    const state = present(client.rateLimits.get("campaigns.list", account_id), "rate-limit state");
    expect(state.user).toMatchObject({ limit: LIMIT, remaining: 0 });
    const resetAt = present(state.user?.resetAt, "x-rate-limit-reset");

    const answer = await client.request("campaigns.get", {
      account_id,
      campaign_id: `${account_id}c1`,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(resetAt);
    expect(answer.status).toBe(200);
    expect(answer.attempts).toBe(2);
    expect(campaignSchema.parse(answer.body.data).id).toBe(`${account_id}c1`);
    expect(retries).toEqual([
      expect.objectContaining({ endpointId: "campaigns.get", reason: "rate_limit", status: 429 }),
    ]);
    expect(present(retries[0]).delayMs).toBeGreaterThan(0);
    expect(present(retries[0]).delayMs).toBeLessThanOrEqual(WINDOW_MS + 1_000 + 50);
    // campaigns.list and campaigns.get share the `campaigns` family, as ads-api counts them.
    expect(await statusesOf("campaigns.get")).toEqual([429, 200]);
  });

  it("gives up with RestRateLimitError when the reset is further away than maxWaitMs", async () => {
    const client = api.client({ rateLimit: { waitBeforeSend: false, maxWaitMs: 100 } });
    for (let call = 0; call < LIMIT; call += 1) {
      await client.funding_instruments.list({ account_id });
    }
    const before = Date.now();
    const error = await client.funding_instruments
      .get({ account_id, funding_instrument_id: `${account_id}f1` })
      .catch((e: unknown) => e);
    expect(Date.now() - before).toBeLessThan(WINDOW_MS);
    expect(error).toBeInstanceOf(RestRateLimitError);
    const limited = error as RestRateLimitError;
    expect(limited).toMatchObject({
      endpointId: "funding_instruments.get",
      status: 429,
      sent: true,
      waitedMs: 0,
      maxWaitMs: 100,
    });
    expect(limited.errors.map((e) => e.code)).toEqual([88]);
    const resetAt = present(limited.resetAt, "resetAt").getTime();
    expect(resetAt % 1000).toBe(0);
    expect(resetAt).toBeGreaterThan(before);
    expect(resetAt).toBeLessThanOrEqual(before + WINDOW_MS + 1_000);
    expect(limited.message).toMatch(/rateLimit\.maxWaitMs/);
    expect(await statusesOf("funding_instruments.get")).toEqual([429]);
  });

  it("waits before sending on a known-zero budget, or refuses at once without sending", async () => {
    // accounts.list has no account: the per-token window is the one that governs.
    const waits: RetryEvent[] = [];
    const patient = api.client({
      rateLimit: { padMs: 50 },
      hooks: { onRetry: (event) => waits.push(event) },
    });
    for (let call = 0; call < LIMIT; call += 1) await patient.accounts.list();
    const impatient = patient.withAuth({});
    // withAuth clients keep their own state: this one has seen nothing yet and draws the 429.
    await expect(
      impatient.accounts.list(undefined, { rateLimit: { maxWaitMs: 0 } }),
    ).rejects.toMatchObject({ name: "RestRateLimitError", sent: true, status: 429 });

    const refused = await patient.accounts
      .list(undefined, { rateLimit: { maxWaitMs: 100 } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RestRateLimitError);
    expect(refused).toMatchObject({ sent: false, status: undefined });
    expect(await statusesOf("accounts.list")).toEqual([200, 200, 200, 429]);

    const accounts = await patient.accounts.list();
    expect(accounts.data).toHaveLength(3); // dmo1ab, dmo2cd and dmo3ef (issue 17)
    // It waited for the reset first, so ads-api never answered it with a 429.
    expect(waits).toEqual([
      expect.objectContaining({
        endpointId: "accounts.list",
        reason: "rate_limit",
        status: undefined,
      }),
    ]);
    expect(await statusesOf("accounts.list")).toEqual([200, 200, 200, 429, 200]);
  });
});
