import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/server.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, sha256 } from "./support/audience-rows.js";
import { errorOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient } from "./support/signed-fetch.js";
import type { ApiResponse } from "./support/signed-fetch.js";

const LIMIT = 3;
const WINDOW_MS = 3_000;
const SOON = () => new Date(Date.now() + 30 * 24 * 3_600_000).toISOString().slice(0, 19) + "Z";

describe.each(TEST_ENGINES)("the users-batch rate limit on %s (spec §8)", (engine) => {
  let server: TestServer;
  let limited: RunningServer;
  let admin: Actor;
  let client: AdsClient;
  let accountA: string;
  let accountB: string;
  let audienceA: string;
  let audienceB: string;
  let listA: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    // A second server over the same database with a small limit and a short window.
    limited = await server.startAnother({
      limits: { usersBatchRate: LIMIT, usersBatchWindowMs: WINDOW_MS },
    });
    admin = await createActor(server.ctx);
    client = new AdsClient(limited.ctx.hosts, admin.credentials);
    ({ accountId: accountA } = await createAccountFor(server.ctx, admin.userId));
    ({ accountId: accountB } = await createAccountFor(server.ctx, admin.userId));
    audienceA = await addAudience(server.ctx, accountA);
    audienceB = await addAudience(server.ctx, accountB);
    const list = await client.post(`/12/accounts/${accountA}/do_not_reach_lists`);
    listA = (list.body as { data: { id: string } }).data.id;
  });
  afterAll(() => server.close());

  const audienceUpload = (account: string, audienceId: string, operations: unknown) =>
    client.post(`/12/accounts/${account}/custom_audiences/${audienceId}/users`, {
      json: operations,
    });
  const valid = [{ operation_type: "Update", params: { users: [{ email: [sha256("a@b.c")] }] } }];
  const remaining = (response: ApiResponse) =>
    response.headers.get("x-account-rate-limit-remaining");

  it("takes the limit per account and endpoint a window, then 429 code 88 with the headers", async () => {
    for (let sent = 1; sent <= LIMIT; sent += 1) {
      const response = await audienceUpload(accountA, audienceA, valid);
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get("x-account-rate-limit-limit")).toBe(String(LIMIT));
      expect(remaining(response)).toBe(String(LIMIT - sent));
    }
    const refused = await audienceUpload(accountA, audienceA, valid);
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe(88);
    expect(errorOf(refused).message).toContain(`${LIMIT} requests per 3 seconds`);
    expect(remaining(refused)).toBe("0");
    expect(Number(refused.headers.get("x-account-rate-limit-reset"))).toBeGreaterThanOrEqual(
      Math.floor(Date.now() / 1000),
    );

    // Another account of the same user and token, and the other users-batch endpoint of the
    // same account, each have their own budget.
    expect((await audienceUpload(accountB, audienceB, valid)).status).toBe(200);
    const dnr = await client.post(
      `/12/batch/accounts/${accountA}/do_not_reach_lists/${listA}/users`,
      {
        json: [
          {
            operation_type: "Update",
            params: { users: [{ email: [sha256("a@b.c")] }], expires_at: SOON() },
          },
        ],
      },
    );
    expect(dnr.status, dnr.text).toBe(200);
    expect(remaining(dnr)).toBe(String(LIMIT - 1));

    // The budget is the limiting server's own: another process counts its own requests.
    const other = await admin.client.post(
      `/12/accounts/${accountA}/custom_audiences/${audienceA}/users`,
      { json: valid },
    );
    expect(other.status).toBe(200);

    // A fresh window after WINDOW_MS.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
    expect((await audienceUpload(accountA, audienceA, valid)).status).toBe(200);
  });

  it("spends the account's budget only once the caller may write there", async () => {
    const { accountId: accountC } = await createAccountFor(server.ctx, admin.userId);
    const audienceC = await addAudience(server.ctx, accountC);
    const stranger = await createActor(server.ctx);
    const strangerClient = new AdsClient(limited.ctx.hosts, stranger.credentials);
    for (let sent = 0; sent < LIMIT + 2; sent += 1) {
      const refused = await strangerClient.post(
        `/12/accounts/${accountC}/custom_audiences/${audienceC}/users`,
        { json: valid },
      );
      expect(refused.status).toBe(403);
      // Invalid bodies are refused before the account is known: not counted against it.
      const invalid = await audienceUpload(accountC, audienceC, [{ operation_type: "Nope" }]);
      expect(invalid.status).toBe(400);
    }
    const allowed = await audienceUpload(accountC, audienceC, valid);
    expect(allowed.status).toBe(200);
    expect(remaining(allowed)).toBe(String(LIMIT - 1));
  });

  it("spends the token's 15-minute budget on refused uploads only", async () => {
    const tokenLimited = await server.startAnother({ limits: { userRate: 2 } });
    const tokenClient = new AdsClient(tokenLimited.ctx.hosts, admin.credentials);
    const { accountId } = await createAccountFor(server.ctx, admin.userId);
    const audienceId = await addAudience(server.ctx, accountId);
    const path = `/12/accounts/${accountId}/custom_audiences/${audienceId}/users`;
    for (let sent = 0; sent < 4; sent += 1) {
      const response = await tokenClient.post(path, { json: valid });
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get("x-rate-limit-remaining")).toBeNull();
    }
    const statuses: number[] = [];
    for (let sent = 0; sent < 3; sent += 1) {
      const invalid = await tokenClient.post(path, { json: [{ operation_type: "Nope" }] });
      statuses.push(invalid.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
    // The token's budget is spent: refused uploads now answer 429; valid ones still pass.
    expect((await tokenClient.post(path, { json: valid })).status).toBe(200);
  });
});
