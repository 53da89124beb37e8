import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRow } from "../../src/services/accounts.js";
import { createFundingInstrumentRow } from "../../src/services/funding-instruments.js";
import { grantAccess } from "../../src/credentials/grants.js";
import {
  answerOf,
  expectCleanLogs,
  expectHealthy,
  expectRefused,
  stateDigest,
} from "./support/refusals.js";
import { itemsOf } from "../support/bodies.js";
import type { Query } from "../support/signed-fetch.js";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import { APP_BUTTON, WEBSITE, createWorld } from "./support/world.js";
import type { World } from "./support/world.js";

// Issue 12, items 3, 5 and 8: inputs that are well-formed text but wrong answers today —
// LIKE wildcards in `q`, script URLs in cards, impossible timestamps, integers past 2^53 —
// and the sandbox-only writes aimed at a production account.

/** spec §4.2: `q` is a case-insensitive prefix; `%` and `_` are characters like any other. */
const PREFIX_CASES = [
  { list: "campaigns", q: "100%", names: ["100% real"] },
  { list: "campaigns", q: "100% R", names: ["100% real"] },
  { list: "campaigns", q: "%", names: [] },
  { list: "campaigns", q: "%real", names: [] },
  { list: "campaigns", q: "_", names: [] },
  { list: "campaigns", q: "a_", names: ["a_b"] },
  { list: "campaigns", q: "A_B", names: ["a_b"] },
  { list: "campaigns", q: "\\", names: ["\\ back"] },
  { list: "campaigns", q: "a\\_", names: [] },
  { list: "accounts", q: "50%", names: ["50% off"] },
  { list: "accounts", q: "_0", names: [] },
  { list: "accounts", q: "50_", names: [] },
  { list: "cards", q: "10%", names: ["10% card"] },
  { list: "cards", q: "10_", names: [] },
  { list: "cards/poll", q: "p_", names: ["p_1"] },
  { list: "cards/poll", q: "_", names: [] },
  { list: "cards/video_conversation", q: "v%", names: ["v% chat"] },
  { list: "cards/video_conversation", q: "%", names: [] },
] as const;

/** spec §2.8: a website destination is a web address; anything a browser would run is not. */
const BAD_URLS = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://example.com/x",
  "//example.com/x",
  "example.com",
  "http://",
  "https://exa mple.com/",
  "mailto:ads@example.com",
];

/** spec §2.1: `YYYY-MM-DDThh:mm:ssZ`, a real moment. */
const BAD_TIMESTAMPS = [
  "0000-01-01T00:00:00Z",
  "2026-02-30T00:00:00Z",
  "2025-02-29T00:00:00Z",
  "2026-04-31T00:00:00Z",
  "2026-13-01T00:00:00Z",
  "2026-01-01T24:00:00Z",
  "2026-01-01T00:60:00Z",
  "2026-01-01T00:00:60Z",
  "2026-01-01T00:00:00+00:00",
  "2026-01-01T00:00:00.000Z",
  "2026-01-01",
  "-002026-01-01T00:00:00Z",
  "+275760-01-01T00:00:00Z",
];

const BAD_INTEGERS = ["9007199254740993", "99999999999999999999", "1e6", "0x10", "-1", "1.5", ""];
const BAD_COUNTS = ["0", "-1", "1001", "1.5", "1e3", "0x10", "9007199254740993", ""];
const BAD_DURATIONS = ["4", "10081", "0", "-5", "9007199254740993"];
const BAD_USER_IDS = ["1e5", "-1", "12a", "0x1F"];

describe.each(TEST_ENGINES)("wrong answers and the sandbox on %s", (engine) => {
  let server: HostileServer;
  let world: World;
  let base: string;

  beforeAll(async () => {
    server = await startHostileServer(engine);
    world = await createWorld(server.ctx);
    base = `/12/accounts/${world.accountId}`;
    const { admin } = world;
    for (const name of ["100% real", "100x real", "a_b", "axb", "\\ back"]) {
      const response = await admin.client.post(`${base}/campaigns`, {
        query: { name, funding_instrument_id: world.fundingInstrumentId, entity_status: "PAUSED" },
      });
      expect(response.status, answerOf(response)).toBe(200);
    }
    for (const name of ["50% off", "50x off"]) {
      const account = await createAccountRow(server.ctx.prisma, { name });
      await grantAccess(server.ctx.prisma, account.id, admin.userId, ["ACCOUNT_ADMIN"]);
    }
    const media = { type: "MEDIA", media_key: world.imageKey };
    for (const name of ["10% card", "10x card"]) {
      await admin.client.post(`${base}/cards`, { json: { name, components: [media, WEBSITE] } });
    }
    for (const name of ["p_1", "px1"]) {
      await admin.client.post(`${base}/cards/poll`, {
        query: { name, duration_in_minutes: 60, first_choice: "A", second_choice: "B" },
      });
    }
    for (const name of ["v% chat", "vx chat"]) {
      const created = await admin.client.post(`${base}/cards/video_conversation`, {
        query: {
          name,
          media_key: world.videoKey,
          first_cta: "#A",
          first_cta_post: "a",
          thank_you_text: "Thanks",
          title: "Pick",
        },
      });
      expect(created.status, answerOf(created)).toBe(200);
    }
  });
  afterAll(() => server.close());

  it.each(PREFIX_CASES)("$list?q=$q matches the literal prefix", async ({ list, q, names }) => {
    const path = list === "accounts" ? "/12/accounts" : `${base}/${list}`;
    const response = await world.admin.client.get(path, {
      q,
      count: list.startsWith("cards") ? 200 : 1000,
    });
    expect(response.status, answerOf(response)).toBe(200);
    expect(
      itemsOf(response)
        .map((item) => item.name)
        .sort(),
    ).toEqual([...names].sort());
  });

  describe("refused values: a 400 naming the parameter, nothing written", () => {
    let before: string;
    beforeAll(async () => {
      before = await stateDigest(server.ctx, [world.accountId]);
    });

    it.each(BAD_URLS)("a card whose website destination is %j", async (url) => {
      const components = [
        { type: "MEDIA", media_key: world.imageKey },
        { ...WEBSITE, destination: { type: "WEBSITE", url } },
      ];
      const created = await world.admin.client.post(`${base}/cards`, {
        json: { name: "Script", components },
      });
      expectRefused(created, { status: 400, parameter: "components[1].destination.url" });
    });

    it.each(["javascript:alert(1)", "data:text/html,x"])(
      "a card update and an app deep link to %j",
      async (url) => {
        const update = await world.admin.client.put(`${base}/cards/${world.cardId}`, {
          json: {
            components: [
              { type: "MEDIA", media_key: world.imageKey },
              { ...WEBSITE, destination: { type: "WEBSITE", url } },
            ],
          },
        });
        expectRefused(update, { status: 400, parameter: "components[1].destination.url" });
        const button = {
          ...APP_BUTTON,
          destination: { ...APP_BUTTON.destination, googleplay_deep_link: url },
        };
        const created = await world.admin.client.post(`${base}/cards`, {
          json: {
            name: "Deep",
            components: [{ type: "MEDIA", media_key: world.imageKey }, button],
          },
        });
        expectRefused(created, {
          status: 400,
          parameter: "components[1].destination.googleplay_deep_link",
        });
      },
    );

    it.each(BAD_TIMESTAMPS)("a sandbox funding instrument starting %j", async (start) => {
      const response = await world.admin.client.post(
        `${base}/funding_instruments`,
        { query: { currency: "USD", type: "CREDIT_CARD", start_time: start } },
        "ads-sandbox",
      );
      expectRefused(response, { status: 400, parameter: "start_time" });
    });

    it.each(BAD_TIMESTAMPS.slice(0, 8))("account history from %j", async (start) => {
      const response = await world.admin.client.get(`${base}/account_history`, {
        entity_type: "CAMPAIGN",
        entity_id: world.campaignId,
        start_time: start,
        end_time: "2026-01-02T00:00:00Z",
      });
      expectRefused(response, { status: 400, parameter: "start_time" });
    });

    it.each(BAD_INTEGERS)("a campaign with daily_budget_amount_local_micro=%j", async (value) => {
      const response = await world.admin.client.post(`${base}/campaigns`, {
        query: {
          name: "Budget",
          funding_instrument_id: world.fundingInstrumentId,
          entity_status: "PAUSED",
          daily_budget_amount_local_micro: value,
        },
      });
      expectRefused(response, { status: 400, parameter: "daily_budget_amount_local_micro" });
    });

    it.each(BAD_COUNTS)("a campaign list with count=%j", async (count) => {
      const response = await world.admin.client.get(`${base}/campaigns`, { count });
      expectRefused(response, { status: 400, parameter: "count" });
    });

    it.each(["0", "201"])("a card list with count=%j (spec §4.7: 1 to 200)", async (count) => {
      const response = await world.admin.client.get(`${base}/cards`, { count });
      expectRefused(response, { status: 400, parameter: "count" });
    });

    it.each(BAD_DURATIONS)("a poll card lasting %j minutes", async (minutes) => {
      const response = await world.admin.client.post(`${base}/cards/poll`, {
        query: { name: "P", duration_in_minutes: minutes, first_choice: "A", second_choice: "B" },
      });
      expectRefused(response, { status: 400, parameter: "duration_in_minutes" });
    });

    it.each(BAD_USER_IDS)("account history of user_id=%j", async (userId) => {
      const response = await world.admin.client.get(`${base}/account_history`, {
        entity_type: "CAMPAIGN",
        entity_id: world.campaignId,
        start_time: "2026-01-01T00:00:00Z",
        end_time: "2026-01-02T00:00:00Z",
        user_id: userId,
      });
      expectRefused(response, { status: 400, parameter: "user_id" });
    });

    it("wrote nothing", async () => {
      expect(await stateDigest(server.ctx, [world.accountId])).toBe(before);
    });
  });

  it.each(["9999-12-31T23:00:00Z", "1970-01-01T00:00:00Z"])(
    "a far but real moment (%j) is accepted or refused by name, never a 5xx",
    async (start) => {
      const response = await world.admin.client.get(`${base}/account_history`, {
        entity_type: "CAMPAIGN",
        entity_id: world.campaignId,
        start_time: start,
        end_time: start,
      });
      if (response.status !== 200)
        expectRefused(response, { status: 400, parameter: "start_time" });
    },
  );

  describe("sandbox-only writes on a production account (spec §4.3, §4.5): refused, nothing changes", () => {
    let production: string;
    let productionFunding: string;

    beforeAll(async () => {
      const account = await createAccountRow(server.ctx.prisma, {
        name: "Production account",
        sandbox: false,
      });
      await grantAccess(server.ctx.prisma, account.id, world.admin.userId, ["ACCOUNT_ADMIN"]);
      production = account.id;
      productionFunding = (
        await createFundingInstrumentRow(
          server.ctx.prisma,
          production,
          { type: "CREDIT_CARD", currency: "USD", start_time: "2026-01-01T00:00:00Z" },
          new Date(),
        )
      ).id;
    });

    const writes: {
      label: string;
      method: string;
      path: (a: string, f: string) => string;
      query?: Query;
    }[] = [
      { label: "DELETE the account", method: "DELETE", path: (a) => `/12/accounts/${a}` },
      {
        label: "POST a funding instrument",
        method: "POST",
        path: (a) => `/12/accounts/${a}/funding_instruments`,
        query: { currency: "USD", type: "CREDIT_CARD", start_time: "2026-01-01T00:00:00Z" },
      },
      {
        label: "DELETE its funding instrument",
        method: "DELETE",
        path: (a, f) => `/12/accounts/${a}/funding_instruments/${f}`,
      },
    ];
    const sandboxCases = (["ads-sandbox", "ads"] as const).flatMap((role) =>
      writes.map((write) => ({ ...write, role })),
    );

    it.each(sandboxCases)("$label on the $role host", async ({ method, path, query, role }) => {
      const before = await stateDigest(server.ctx, [production]);
      const url = path(production, productionFunding);
      expectRefused(await world.admin.client.request(method, role, url, { query }));
      expect(await stateDigest(server.ctx, [production])).toBe(before);
    });

    it("POST /12/accounts on the production host is refused", async () => {
      const accounts = await server.ctx.prisma.account.count();
      expectRefused(await world.admin.client.post("/12/accounts", {}, "ads"));
      expect(await server.ctx.prisma.account.count()).toBe(accounts);
    });

    it("still deletes a sandbox account's funding instrument on the sandbox host", async () => {
      const response = await world.admin.client.delete(
        `${base}/funding_instruments/${world.spare.fundingInstrumentId}`,
        undefined,
        "ads-sandbox",
      );
      expect(response.status, answerOf(response)).toBe(200);
    });
  });

  it("still answers /health on every host role", async () => {
    await expectHealthy(server.urls);
  });

  it("logged no stack trace, no 500 and no credential", () => {
    const token = world.admin.credentials.token;
    expectCleanLogs(server.logs(), [
      world.admin.consumerSecret,
      token?.token ?? "",
      token?.tokenSecret ?? "",
    ]);
  });
});
