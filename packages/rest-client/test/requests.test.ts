import { afterEach, describe, expect, it } from "vitest";
import { RestProtocolError, RestValidationError } from "../src/index.js";
import type { ResponseEvent } from "../src/index.js";
import { clientFor } from "./support/client.js";
import { campaign, singleEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

const WEBSITE = {
  type: "DETAILS",
  title: "Shop",
  destination: { type: "WEBSITE", url: "https://example.com" },
} as const;

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("validation before sending", () => {
  it("throws one typed error listing every violation, and sends nothing", async () => {
    server = await startScriptedServer([]);
    const client = clientFor(server);
    const ids = Array.from({ length: 201 }, (_, i) => `c${i}`);
    const error = await client
      .call("campaigns.list", {
        account_id: "acc1",
        count: 5000,
        campaign_ids: ids,
        colour: "red",
      } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestValidationError);
    const violations = (error as RestValidationError).violations;
    expect(violations.map((v) => [v.code, v.parameter])).toEqual(
      expect.arrayContaining([
        ["OUT_OF_RANGE", "count"],
        ["TOO_MANY_IDS", "campaign_ids"],
        ["UNKNOWN_PARAMETER", "colour"],
      ]),
    );
    expect((error as RestValidationError).message).toMatch(
      /campaigns.list was not sent: 3 invalid parameters/,
    );
    // with_total_count with a cursor is refused too (spec §4.2).
    await expect(
      client.campaigns.list({ account_id: "acc1", cursor: "c2", with_total_count: true }),
    ).rejects.toBeInstanceOf(RestValidationError);
    await expect(client.cards.poll.create({ account_id: "a" } as never)).rejects.toBeInstanceOf(
      RestValidationError,
    );
    expect(server.requests).toHaveLength(0);
    await client.close();
  });
});

describe("parameter placement", () => {
  it("fills path parameters and puts the rest where the catalog says", async () => {
    server = await startScriptedServer((request) =>
      request.path.includes("/cards")
        ? json(
            200,
            singleEnvelope({
              id: "k1",
              created_at: "2025-01-01T00:00:00Z",
              updated_at: "2025-01-01T00:00:00Z",
              deleted: false,
              name: "n",
              card_uri: "card://k1",
            }),
          )
        : json(200, singleEnvelope(campaign("c1"))),
    );
    const client = clientFor(server);
    await client.campaigns.get({ account_id: "acc-1", campaign_id: "a_b-c", with_deleted: true });
    await client.campaigns.update({
      account_id: "acc1",
      campaign_id: "c1",
      name: "Q3 * sale",
      entity_status: "PAUSED",
    });
    await client.cards.create({
      account_id: "acc1",
      name: "card",
      components: [{ type: "MEDIA", media_key: "3_1" }, WEBSITE],
    });
    const [get, put, post] = server.requests;
    expect(get?.path).toBe("/12/accounts/acc-1/campaigns/a_b-c");
    expect(get?.rawQuery).toBe("with_deleted=true");
    expect(put?.method).toBe("PUT");
    expect(put?.query.get("name")).toBe("Q3 * sale");
    expect(put?.body).toBe("");
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(post?.body ?? "null")).toEqual({
      name: "card",
      components: [{ type: "MEDIA", media_key: "3_1" }, WEBSITE],
    });
    expect(post?.rawQuery).toBe("");
    await client.close();
  });

  it("sends batch operations as the whole JSON body and oauth2.token as a form", async () => {
    server = await startScriptedServer((request) =>
      request.path === "/oauth2/token"
        ? json(200, { token_type: "bearer", access_token: "t" })
        : json(200, { request: [], data: [] }),
    );
    const client = clientFor(server);
    await client.campaigns.batch({
      account_id: "acc1",
      operations: [{ operation_type: "Delete", params: { campaign_id: "c1" } }],
    });
    await client.oauth2.token({ grant_type: "client_credentials" });
    const [batch, token] = server.requests;
    expect(batch?.path).toBe("/12/batch/accounts/acc1/campaigns");
    expect(JSON.parse(batch?.body ?? "null")).toEqual([
      { operation_type: "Delete", params: { campaign_id: "c1" } },
    ]);
    expect(token?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(token?.body).toBe("grant_type=client_credentials");
    await client.close();
  });

  it("uses the host of each role: sandbox-only calls go to the sandbox host", async () => {
    const ads = await startScriptedServer(() => json(200, singleEnvelope(campaign("c1"))));
    server = await startScriptedServer(() =>
      json(
        200,
        singleEnvelope({
          id: "acc9",
          name: "s",
          timezone: "UTC",
          created_at: "2025-01-01T00:00:00Z",
          updated_at: "2025-01-01T00:00:00Z",
          deleted: false,
          business_id: null,
          business_name: null,
          timezone_switch_at: null,
          approval_status: "ACCEPTED",
        }),
      ),
    );
    const client = clientFor(ads, {
      hosts: { base: ads.url, ads: ads.url, "ads-sandbox": server.url },
    });
    await client.accounts.create();
    await client.campaigns.get({ account_id: "a", campaign_id: "c1" });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /12/accounts"]);
    expect(ads.requests.map((r) => r.path)).toEqual(["/12/accounts/a/campaigns/c1"]);
    await client.close();
    await ads.close();
  });
});

describe("answers", () => {
  it("checks 2xx bodies against the catalog and reports a mismatch as a protocol error", async () => {
    server = await startScriptedServer(() =>
      json(200, singleEnvelope({ id: 5 }), { "x-request-id": "r-1" }),
    );
    const client = clientFor(server);
    const error = await client.campaigns
      .get({ account_id: "a", campaign_id: "c" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestProtocolError);
    expect((error as RestProtocolError).requestId).toBe("r-1");
    expect((error as RestProtocolError).message).toMatch(/data.id/);
    // A read changed nothing: safe to send again.
    expect((error as RestProtocolError).possiblyApplied).toBe(false);
    const lenient = clientFor(server, { validateResponses: false });
    await expect(
      lenient.campaigns.get({ account_id: "a", campaign_id: "c" }),
    ).resolves.toMatchObject({ data: { id: 5 } });
    await client.close();
    await lenient.close();
  });

  it("sampled: checks each endpoint's first answer, then one in n, and passes the bodies between as read", async () => {
    server = await startScriptedServer(() => json(200, singleEnvelope({ id: 5 })));
    const client = clientFor(server, { validateResponses: { sampleEvery: 3 } });
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const outcome = await client.campaigns.get({ account_id: "a", campaign_id: "c" }).then(
        () => "passed",
        (e: unknown) => (e instanceof RestProtocolError ? "refused" : String(e)),
      );
      outcomes.push(outcome);
    }
    // Answers 1, 4 and 7 of campaigns.get are checked; another endpoint counts on its own.
    expect(outcomes).toEqual([
      "refused",
      "passed",
      "passed",
      "refused",
      "passed",
      "passed",
      "refused",
    ]);
    await expect(
      client.call("funding_instruments.get", { account_id: "a", funding_instrument_id: "f" }),
    ).rejects.toBeInstanceOf(RestProtocolError);
    await client.close();
  });

  it("reports a write answered 2xx with an unreadable body as possibly applied", async () => {
    server = await startScriptedServer(() => json(200, singleEnvelope({ id: 5 })));
    const client = clientFor(server);
    const error = await client.campaigns
      .create({ account_id: "a", name: "x", funding_instrument_id: "fi1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestProtocolError);
    expect((error as RestProtocolError).possiblyApplied).toBe(true);
    expect((error as RestProtocolError).message).toMatch(/most likely applied/);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it("gives hooks method, endpoint id, status, duration, attempt and retries", async () => {
    server = await startScriptedServer([
      json(500, { errors: [] }),
      json(200, singleEnvelope(campaign("c1"))),
    ]);
    const responses: ResponseEvent[] = [];
    const requests: number[] = [];
    const client = clientFor(server, {
      hooks: {
        onRequest: (e) => requests.push(e.attempt),
        onResponse: (e) => responses.push(e),
        onError: () => {
          throw new Error("a broken hook never breaks a call");
        },
      },
    });
    await client.campaigns.get({ account_id: "a", campaign_id: "c1" });
    expect(requests).toEqual([1, 2]);
    expect(responses.map((e) => [e.endpointId, e.method, e.status, e.attempt, e.retries])).toEqual([
      ["campaigns.get", "GET", 500, 1, 0],
      ["campaigns.get", "GET", 200, 2, 1],
    ]);
    expect(
      responses.every((e) => e.durationMs >= 0 && e.path === "/12/accounts/a/campaigns/c1"),
    ).toBe(true);
    await client.close();
  });

  const activityEvent = (id: string, event_type: string, payload: object) => ({
    id,
    event_type,
    created_at: "2026-11-27T01:00:00Z",
    for_user_id: "2244994945",
    subscription_id: "7",
    payload,
  });

  it("streams activity events as parsed messages", async () => {
    server = await startScriptedServer((request) =>
      request.path === "/2/activity/stream"
        ? {
            streamLines: [
              JSON.stringify(activityEvent("1", "profile.update.bio", { bio: "hello" })),
              "",
              JSON.stringify(activityEvent("2", "dm.sent", { text: "hi" })),
            ],
          }
        : json(404, {}),
    );
    const client = clientFor(server, { auth: { bearerToken: "b" } });
    const stream = await client.activity.stream();
    const types: unknown[] = [];
    for await (const message of stream) types.push(message.event_type);
    expect(types).toEqual(["profile.update.bio", "dm.sent"]);
    await client.close();
  });
});
