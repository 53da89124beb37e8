import { signRequest } from "@adsgraph/oauth";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor } from "../support/actors.js";
import type { Actor } from "../support/actors.js";
import { withQuery } from "../support/signed-fetch.js";
import type { ApiResponse, Credentials } from "../support/signed-fetch.js";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import { rawRequest } from "./support/raw-http.js";
import type { RawRequest } from "./support/raw-http.js";
import {
  answerOf,
  expectCleanLogs,
  expectHealthy,
  expectRefused,
  stateDigest,
} from "./support/refusals.js";
import { encodedPathOf, servedCalls } from "./support/calls.js";
import type { Call } from "./support/calls.js";
import { createWorld } from "./support/world.js";
import type { World } from "./support/world.js";

// Issue 12, items 2 and 8: OAuth 1.0a signatures that were tampered with, skewed or replayed.
// Each is a 401 with the spec's code (32 could not authenticate, 89 invalid token, 135
// timestamp out of bounds, 215 bad authentication data), and nothing is written.

/** Edits of a valid Authorization header (of a signed read). */
const HEADER_EDITS: { label: string; code: number; edit: (header: string) => string }[] = [
  {
    label: "one character of the signature changed",
    code: 32,
    edit: (h) =>
      h.replace(
        /oauth_signature="(.)/,
        (_m, c: string) => `oauth_signature="${c === "A" ? "B" : "A"}`,
      ),
  },
  { label: "no signature", code: 215, edit: (h) => h.replace(/, oauth_signature="[^"]*"/, "") },
  {
    label: "oauth_signature_method PLAINTEXT",
    code: 215,
    edit: (h) => h.replace("HMAC-SHA1", "PLAINTEXT"),
  },
  {
    label: "oauth_version 2.0",
    code: 215,
    edit: (h) => h.replace('oauth_version="1.0"', 'oauth_version="2.0"'),
  },
  {
    label: "a 300-character nonce",
    code: 215,
    edit: (h) => h.replace(/oauth_nonce="[^"]*"/, `oauth_nonce="${"n".repeat(300)}"`),
  },
  {
    label: "a non-ASCII nonce",
    code: 215,
    edit: (h) => h.replace(/oauth_nonce="[^"]*"/, 'oauth_nonce="%C3%A9t%C3%A9"'),
  },
  ...["abc", "-5", "1e9", "1700000000.5", "99999999999999999999"].map((value) => ({
    label: `oauth_timestamp="${value}"`,
    code: 215,
    edit: (h: string) => h.replace(/oauth_timestamp="[^"]*"/, `oauth_timestamp="${value}"`),
  })),
];

/** Signatures made with credentials that are not the caller's. */
const WRONG_CREDENTIALS: {
  label: string;
  code: number;
  credentials: (admin: Actor, stranger: Actor) => Credentials;
}[] = [
  {
    label: "an unknown consumer key",
    code: 32,
    credentials: (admin) => ({
      consumer: { consumerKey: "nobody", consumerSecret: "x" },
      token: admin.credentials.token,
    }),
  },
  {
    label: "an unknown token",
    code: 89,
    credentials: (admin) => ({
      consumer: admin.credentials.consumer,
      token: { token: "123-unknown", tokenSecret: "x" },
    }),
  },
  {
    label: "another app's token with this app's keys",
    code: 89,
    credentials: (admin, stranger) => ({
      consumer: admin.credentials.consumer,
      token: stranger.credentials.token,
    }),
  },
  {
    label: "the wrong consumer secret",
    code: 32,
    credentials: (admin) => ({
      consumer: { consumerKey: admin.consumerKey, consumerSecret: "wrong" },
      token: admin.credentials.token,
    }),
  },
  {
    label: "the wrong token secret",
    code: 32,
    credentials: (admin) => ({
      consumer: admin.credentials.consumer,
      token: { token: admin.credentials.token?.token ?? "", tokenSecret: "wrong" },
    }),
  },
];

// Just outside the 300 s window. Ahead, the margin is what a busy machine may take between
// signing and the server's check (301 s ahead became 299 s by then once in CI).
const SKEWS = [
  { label: "301 s behind", offsetMs: -301_000 },
  { label: "330 s ahead", offsetMs: 330_000 },
  { label: "an hour behind", offsetMs: -3_600_000 },
  { label: "a day ahead", offsetMs: 86_400_000 },
  { label: "at the epoch", offsetMs: -Date.now() },
  { label: "in the year 2286", offsetMs: 9_999_999_999_000 - Date.now() },
];

describe.each(TEST_ENGINES)("tampered, skewed and replayed signatures on %s", (engine) => {
  let server: HostileServer;
  let world: World;
  let calls: Map<string, Call>;
  let stranger: Actor;
  let before: string;

  beforeAll(async () => {
    server = await startHostileServer(engine);
    world = await createWorld(server.ctx);
    calls = new Map(servedCalls(world).map((call) => [call.endpoint.id, call]));
    stranger = await createActor(server.ctx);
    before = await stateDigest(server.ctx, [world.accountId]);
  });
  afterAll(() => server.close());

  /** A campaign read and a campaign create, each valid as signed. */
  const read = () => calls.get("campaigns.get") as Call;
  const create = () => calls.get("campaigns.create") as Call;

  function urlOf(call: Call, query: Readonly<Record<string, string>> = call.query): string {
    return withQuery(server.urls[call.role], encodedPathOf(call), query);
  }

  /** The Authorization header `credentials` give the call (optionally another clock or nonce). */
  function signed(
    call: Call,
    credentials: Credentials = world.admin.credentials,
    options: { clock?: () => number; nonce?: string; form?: string } = {},
  ): string {
    return signRequest({
      method: call.endpoint.method,
      url: urlOf(call),
      consumer: credentials.consumer,
      token: credentials.token,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.nonce === undefined ? {} : { nonce: () => options.nonce ?? "" }),
      ...(options.form === undefined ? {} : { form: options.form }),
    }).authorization;
  }

  /** Requests changed after they were signed: the signature no longer covers them. */
  const changedAfterSigning: { label: string; request: () => RawRequest }[] = [
    {
      label: "a query value changed",
      request: () => ({
        method: "POST",
        url: urlOf(create(), { ...create().query, name: "Changed" }),
        authorization: signed(create()),
      }),
    },
    {
      label: "a query parameter added",
      request: () => ({
        method: "POST",
        url: urlOf(create(), { ...create().query, purchase_order_number: "PO" }),
        authorization: signed(create()),
      }),
    },
    {
      label: "a query parameter removed",
      request: () => {
        const { entity_status: _dropped, ...rest } = create().query;
        return { method: "POST", url: urlOf(create(), rest), authorization: signed(create()) };
      },
    },
    {
      label: "a GET's signature on a DELETE of the same campaign",
      request: () => ({
        method: "DELETE",
        url: urlOf(read(), {}),
        authorization: signed({ ...read(), query: {} }),
      }),
    },
    {
      label: "another campaign's path",
      request: () => ({
        method: "GET",
        url: urlOf({ ...read(), path: { ...read().path, campaign_id: world.spare.campaignId } }),
        authorization: signed(read()),
      }),
    },
    {
      label: "the sandbox host's URL signed, the production host's called",
      request: () => ({
        method: "GET",
        url: urlOf(read()),
        authorization: signed({ ...read(), role: "ads-sandbox" }),
      }),
    },
    {
      label: "a form body changed",
      request: () => {
        const form = new URLSearchParams(create().query).toString();
        return {
          method: "POST",
          url: urlOf(create(), {}),
          authorization: signed({ ...create(), query: {} }, undefined, { form }),
          body: form.replace("PAUSED", "ACTIVE"),
          contentType: "application/x-www-form-urlencoded",
        };
      },
    },
  ];

  it.each(HEADER_EDITS)("a signed read with $label: 401 ($code)", async ({ code, edit }) => {
    const response = await rawRequest({
      method: "GET",
      url: urlOf(read()),
      authorization: edit(signed(read())),
    });
    expectRefused(response, { status: 401, code });
  });

  it.each(WRONG_CREDENTIALS)(
    "a read signed with $label: 401 ($code)",
    async ({ code, credentials }) => {
      const authorization = signed(read(), credentials(world.admin, stranger));
      expectRefused(await rawRequest({ method: "GET", url: urlOf(read()), authorization }), {
        status: 401,
        code,
      });
    },
  );

  it.each(changedAfterSigning)("$label after signing: 401 (32)", async ({ request }) => {
    expectRefused(await rawRequest(request()), { status: 401, code: 32 });
  });

  it("oauth_nonce in the query as well as the header: 401 (215)", async () => {
    const authorization = signed({ ...read(), query: {} });
    const response = await rawRequest({
      method: "GET",
      url: `${urlOf(read(), {})}?oauth_nonce=abc`,
      authorization,
    });
    expectRefused(response, { status: 401, code: 215 });
  });

  it.each(SKEWS)("a campaign create signed $label: 401 (135)", async ({ offsetMs }) => {
    const authorization = signed(create(), undefined, { clock: () => Date.now() + offsetMs });
    expectRefused(await rawRequest({ method: "POST", url: urlOf(create()), authorization }), {
      status: 401,
      code: 135,
    });
  });

  it("wrote nothing", async () => {
    expect(await stateDigest(server.ctx, [world.accountId])).toBe(before);
  });

  describe("replay (code 32)", () => {
    const send = (method: string, url: string, authorization: string): Promise<ApiResponse> =>
      rawRequest({ method, url, authorization });

    it("refuses a replayed read", async () => {
      const authorization = signed(read());
      expect((await send("GET", urlOf(read()), authorization)).status).toBe(200);
      expectRefused(await send("GET", urlOf(read()), authorization), { status: 401, code: 32 });
    });

    it("refuses a replayed campaign create, which makes one campaign", async () => {
      const call = { ...create(), query: { ...create().query, name: "Replayed once" } };
      const authorization = signed(call);
      const first = await send("POST", urlOf(call), authorization);
      expect(first.status, answerOf(first)).toBe(200);
      expectRefused(await send("POST", urlOf(call), authorization), { status: 401, code: 32 });
      const count = await server.ctx.prisma.campaign.count({
        where: { accountId: world.accountId, name: "Replayed once" },
      });
      expect(count).toBe(1);
    });

    it("does not spend a nonce on a request whose signature failed", async () => {
      const nonce = `unspent${Date.now()}`;
      const wrongSecret = {
        consumer: { consumerKey: world.admin.consumerKey, consumerSecret: "wrong" },
        token: world.admin.credentials.token,
      };
      const forged = signed(read(), wrongSecret, { nonce });
      expectRefused(await send("GET", urlOf(read()), forged), { status: 401 });
      const response = await send("GET", urlOf(read()), signed(read(), undefined, { nonce }));
      expect(response.status, answerOf(response)).toBe(200);
    });
  });

  it("still answers /health on every host role", async () => {
    await expectHealthy(server.urls);
  });

  it("logged no stack trace, no 500 and no credential", () => {
    const secrets = [world.admin, stranger].flatMap((actor) => [
      actor.consumerSecret,
      actor.credentials.token?.token ?? "",
      actor.credentials.token?.tokenSecret ?? "",
    ]);
    expectCleanLogs(server.logs(), secrets);
  });
});
