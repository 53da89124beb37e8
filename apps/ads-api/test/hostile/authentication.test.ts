import { endpoints, pathParameterNames } from "@adsgraph/models";
import type { AnyEndpoint, HostRole } from "@adsgraph/models";
import { buildBasicAuthorization } from "@adsgraph/oauth";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../../src/credentials/grants.js";
import { createActor } from "../support/actors.js";
import type { Actor } from "../support/actors.js";
import { withQuery } from "../support/signed-fetch.js";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import { rawRequest } from "./support/raw-http.js";
import {
  answerOf,
  expectCleanLogs,
  expectHealthy,
  expectRefused,
  stateDigest,
} from "./support/refusals.js";
import { encodedPathOf, servedCalls } from "./support/calls.js";
import type { Call } from "./support/calls.js";
import { SERVED, createWorld } from "./support/world.js";
import type { World } from "./support/world.js";
import { casesOn } from "./support/engine-sample.js";

// Issue 12, items 5 and 8: who may call. Every route of the catalog answers an unsigned
// request with 401, built or not (never 501 first), and so does every Authorization header no
// verifier can read; a read-only token writes nothing; the app-only bearer token reaches
// reference data and the post-data reads and nothing else, and those take user context too.
// (Tampered, skewed and replayed signatures: signatures.test.ts.)

/** The hosts a catalog endpoint is routed on (the sandbox host serves the ads endpoints too). */
function rolesOf(endpoint: AnyEndpoint): HostRole[] {
  return endpoint.host === "base" ? ["base"] : ["ads", "ads-sandbox"];
}

const unauthenticatedCases = endpoints
  .filter((endpoint) => endpoint.auth !== "none")
  .flatMap((endpoint) => rolesOf(endpoint).map((role) => ({ id: endpoint.id, endpoint, role })));

/** Authorization values no verifier can take, each on a served read, write and an unbuilt route. */
const GARBAGE_AUTHORIZATION = [
  "OAuth",
  "OAuth garbage",
  'OAuth oauth_consumer_key="unterminated',
  `OAuth ${"a".repeat(8_000)}`,
  `OAuth ${'oauth_nonce="x", '.repeat(400)}oauth_nonce="x"`,
  "Bearer",
  "Bearer ",
  "Basic !!!",
  "Digest username=x",
];
const garbageTargets = ["campaigns.list", "campaigns.create", "promoted_accounts.list"];
const garbageCases = garbageTargets.flatMap((id) =>
  GARBAGE_AUTHORIZATION.map((authorization) => ({
    id,
    authorization,
    label:
      authorization.length > 40
        ? `${authorization.slice(0, 24)}… (${authorization.length} chars)`
        : authorization,
  })),
);

describe.each(TEST_ENGINES)("authentication and OAuth on %s", (engine) => {
  let server: HostileServer;
  let world: World;
  let calls: Map<string, Call>;
  let reader: Actor;
  let bearer: string;

  beforeAll(async () => {
    server = await startHostileServer(engine);
    world = await createWorld(server.ctx);
    calls = new Map(servedCalls(world).map((call) => [call.endpoint.id, call]));
    reader = await createActor(server.ctx, { accessType: "read" });
    await grantAccess(server.ctx.prisma, world.accountId, reader.userId, ["ACCOUNT_ADMIN"]);
    const token = await fetch(`${server.urls.base}/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: buildBasicAuthorization(world.admin.consumerKey, world.admin.consumerSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    bearer = ((await token.json()) as { access_token: string }).access_token;
  });
  afterAll(() => server.close());

  function callOf(id: string): Call {
    const call = calls.get(id);
    if (call === undefined) throw new Error(`no call for ${id}`);
    return call;
  }

  /** A path for any catalog endpoint: the baseline's when served, else plausible ids. */
  function anyPath(endpoint: AnyEndpoint): string {
    const served = calls.get(endpoint.id);
    if (served !== undefined) return encodedPathOf(served);
    const path: Record<string, string> = {};
    for (const name of pathParameterNames(endpoint.path)) {
      path[name] =
        name === "account_id"
          ? world.accountId
          : name === "user_id" || name === "post_id"
            ? world.admin.userId
            : name === "media_key"
              ? world.imageKey
              : "abc123";
    }
    return encodedPathOf({ endpoint, role: "ads", path, query: {} });
  }

  function urlOf(call: Call, query: Readonly<Record<string, string>> = call.query): string {
    return withQuery(server.urls[call.role], encodedPathOf(call), query);
  }

  function bodyOf(call: Call) {
    return call.json === undefined
      ? {}
      : { body: JSON.stringify(call.json), contentType: "application/json" };
  }

  describe("unsigned requests to every route of the catalog: 401, built or not", () => {
    it.each(casesOn(engine, unauthenticatedCases))(
      "$id on the $role host",
      async ({ endpoint, role }) => {
        const response = await rawRequest({
          method: endpoint.method,
          url: `${server.urls[role]}${anyPath(endpoint)}`,
        });
        expectRefused(response, { status: 401 });
      },
    );
  });

  describe("Authorization headers no verifier can read: 401", () => {
    it.each(casesOn(engine, garbageCases))("$id with $label", async ({ id, authorization }) => {
      const endpoint = endpoints.find((item) => item.id === id);
      if (endpoint === undefined) throw new Error(id);
      const response = await rawRequest({
        method: endpoint.method,
        url: `${server.urls.ads}${anyPath(endpoint)}`,
        authorization,
      });
      expectRefused(response, { status: 401 });
    });
  });

  describe("a read-only token (spec code 261): every served write refused, nothing written", () => {
    const writes = SERVED.filter((endpoint) => endpoint.method !== "GET");
    let before: string;
    beforeAll(async () => {
      before = await stateDigest(server.ctx, [world.accountId, world.spare.accountId]);
    });

    it("still reads", async () => {
      const call = callOf("campaigns.get");
      const response = await rawRequest({
        method: "GET",
        url: urlOf(call),
        credentials: reader.credentials,
      });
      expect(response.status, answerOf(response)).toBe(200);
    });

    it.each(writes.map((endpoint) => ({ id: endpoint.id })))("$id", async ({ id }) => {
      const call = callOf(id);
      const response = await rawRequest({
        method: call.endpoint.method,
        url: urlOf(call),
        credentials: reader.credentials,
        ...bodyOf(call),
      });
      expectRefused(response, { status: 403, code: 261 });
    });

    it("wrote nothing", async () => {
      expect(await stateDigest(server.ctx, [world.accountId, world.spare.accountId])).toBe(before);
    });
  });

  describe("the app-only bearer token: reference data and post reads only", () => {
    const userContext = SERVED.filter((endpoint) => endpoint.auth === "oauth1-user");
    const reference = SERVED.filter((endpoint) => endpoint.auth === "bearer-or-user");
    let before: string;
    beforeAll(async () => {
      before = await stateDigest(server.ctx, [world.accountId, world.spare.accountId]);
    });

    it.each(reference.map((endpoint) => ({ id: endpoint.id })))("reads $id", async ({ id }) => {
      const call = callOf(id);
      const response = await rawRequest({
        method: "GET",
        url: urlOf(call),
        authorization: `Bearer ${bearer}`,
      });
      expect(response.status, answerOf(response)).toBe(200);
    });

    it.each(userContext.map((endpoint) => ({ id: endpoint.id })))(
      "is refused on $id (403, code 220)",
      async ({ id }) => {
        const call = callOf(id);
        const response = await rawRequest({
          method: call.endpoint.method,
          url: urlOf(call),
          authorization: `Bearer ${bearer}`,
          ...bodyOf(call),
        });
        expectRefused(response, { status: 403, code: 220 });
      },
    );

    it.each(["unknown", "A".repeat(4_000), "a b", "%00"])(
      "an unknown bearer token %j is 401 (code 89)",
      async (token) => {
        const response = await rawRequest({
          method: "GET",
          url: urlOf(callOf("iab_categories.list")),
          authorization: `Bearer ${token}`,
        });
        expectRefused(response, { status: 401 });
      },
    );

    it("wrote nothing", async () => {
      expect(await stateDigest(server.ctx, [world.accountId, world.spare.accountId])).toBe(before);
    });
  });

  describe("the post-data API's reads: the bearer token (spec §5) or user context (issue 33)", () => {
    const postReads = SERVED.filter(
      (endpoint) => endpoint.id.startsWith("post_data.") && endpoint.method === "GET",
    );

    it("are served (the lookup and the single read)", () => {
      expect(postReads.map((endpoint) => endpoint.id)).toEqual([
        "post_data.posts.lookup",
        "post_data.posts.get",
      ]);
    });

    it.each(postReads.map((endpoint) => ({ id: endpoint.id })))(
      "$id answers the same body to the app-only bearer token and to OAuth 1.0a user context",
      async ({ id }) => {
        const call = callOf(id);
        const asApp = await rawRequest({
          method: call.endpoint.method,
          url: urlOf(call),
          authorization: `Bearer ${bearer}`,
        });
        expect(asApp.status, answerOf(asApp)).toBe(200);
        const asUser = await rawRequest({
          method: call.endpoint.method,
          url: urlOf(call),
          credentials: world.admin.credentials,
        });
        expect(asUser.status, answerOf(asUser)).toBe(200);
        expect(asUser.body).toEqual(asApp.body);
      },
    );
  });

  it("still answers /health on every host role", async () => {
    await expectHealthy(server.urls);
  });

  it("logged no stack trace, no 500 and no credential", () => {
    const secrets = [world.admin, reader].flatMap((actor) => [
      actor.consumerSecret,
      actor.credentials.token?.token ?? "",
      actor.credentials.token?.tokenSecret ?? "",
    ]);
    expectCleanLogs(server.logs(), [...secrets, bearer]);
  });
});
