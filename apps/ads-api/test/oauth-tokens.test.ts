import { bearerTokenResultSchema, invalidatedTokenResultSchema } from "@adsgraph/models";
import {
  buildAuthorizationHeader,
  buildBasicAuthorization,
  generateNonce,
  hmacSha1Signature,
  serializeForm,
  signatureBaseString,
  signRequest,
} from "@adsgraph/oauth";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { signedFetch } from "./support/signed-fetch.js";
import type { ApiResponse } from "./support/signed-fetch.js";
import { bodyOf, errorOf } from "./support/bodies.js";

const BEARER_LIMIT = 6;

async function bearer(
  base: string,
  key: string,
  secret: string,
  body = "grant_type=client_credentials",
): Promise<ApiResponse> {
  const response = await fetch(`${base}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: buildBasicAuthorization(key, secret),
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
    },
    body,
  });
  return answerOf(response);
}

async function answerOf(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as unknown,
  };
}

describe.each(HTTP_TEST_ENGINES)(
  "bearer tokens and signature checks on %s (spec §4.1, §7)",
  (engine) => {
    let server: TestServer;
    let owner: Actor;

    beforeAll(async () => {
      server = await startTestServer(engine, { limits: { bearerTokenRate: BEARER_LIMIT } });
      owner = await createActor(server.ctx);
    });
    afterAll(() => server.close());

    it("returns one bearer token per app until invalidated by the owner, then a new one", async () => {
      const first = await bearer(server.urls.base, owner.consumerKey, owner.consumerSecret);
      expect(first.status).toBe(200);
      const token = bearerTokenResultSchema.parse(bodyOf(first)).access_token;
      expect(
        bodyOf(await bearer(server.urls.base, owner.consumerKey, owner.consumerSecret))
          .access_token,
      ).toBe(token);

      const url = `${server.urls.base}/oauth2/invalidate_token`;
      const stranger = await createActor(server.ctx, {
        app: {
          id: owner.appId,
          consumerKey: owner.consumerKey,
          consumerSecret: owner.consumerSecret,
        },
      });
      const refused = await signedFetch("POST", url, stranger.credentials, {
        form: { access_token: token },
      });
      expect(refused.status).toBe(403);
      const invalidated = await signedFetch("POST", url, owner.credentials, {
        form: { access_token: token },
      });
      expect(invalidated.status).toBe(200);
      expect(invalidatedTokenResultSchema.parse(bodyOf(invalidated)).access_token).toBe(token);
      const gone = await signedFetch("POST", url, owner.credentials, {
        form: { access_token: token },
      });
      expect(gone.status).toBe(404);

      const next = await bearer(server.urls.base, owner.consumerKey, owner.consumerSecret);
      expect(bodyOf(next).access_token).not.toBe(token);
    });

    it("lets the app-only bearer read reference data (spec §4.4) and nothing that needs a user", async () => {
      const app = await createActor(server.ctx);
      const token = bearerTokenResultSchema.parse(
        bodyOf(await bearer(server.urls.base, app.consumerKey, app.consumerSecret)),
      ).access_token;
      const get = async (path: string, bearerToken: string) =>
        answerOf(
          await fetch(`${server.urls.ads}${path}`, {
            headers: { authorization: `Bearer ${bearerToken}` },
          }),
        );

      const rules = await get("/12/bidding_rules?currency=USD", token);
      expect(rules.status).toBe(200);
      expect(bodyOf(rules).data).toEqual([expect.objectContaining({ currency: "USD" })]);
      // The app has its own rate-limit budget on reference data.
      expect(rules.headers.get("x-rate-limit-remaining")).not.toBeNull();
      const iab = await get("/12/iab_categories?count=2&with_total_count=true", token);
      expect(iab.status).toBe(200);
      expect(bodyOf(iab).data).toHaveLength(2);

      const accounts = await get("/12/accounts", token);
      expect(accounts.status).toBe(403);
      expect(errorOf(accounts)).toMatchObject({ code: 220 });
      expect(errorOf(accounts).message).toContain("accounts.list needs user context");
      expect(accounts.text).not.toContain(token);

      const unknown = await get("/12/bidding_rules", `${token}x`);
      expect(unknown.status).toBe(401);
      expect(errorOf(unknown).code).toBe(89);

      const invalidated = await signedFetch(
        "POST",
        `${server.urls.base}/oauth2/invalidate_token`,
        app.credentials,
        { form: { access_token: token } },
      );
      expect(invalidated.status).toBe(200);
      const after = await get("/12/content_categories", token);
      expect(after.status).toBe(401);
      expect(errorOf(after).code).toBe(89);
    });

    it("refuses bad credentials, other grant types and too-frequent requests (403, 99)", async () => {
      const app = await createActor(server.ctx);
      expect((await bearer(server.urls.base, app.consumerKey, "wrong")).status).toBe(401);
      const grant = await bearer(
        server.urls.base,
        app.consumerKey,
        app.consumerSecret,
        "grant_type=password",
      );
      expect(grant.status).toBe(400);
      expect(errorOf(grant)).toMatchObject({ parameter: "grant_type" });
      const statuses: number[] = [];
      for (let call = 0; call < BEARER_LIMIT + 1; call += 1) {
        statuses.push((await bearer(server.urls.base, app.consumerKey, app.consumerSecret)).status);
      }
      expect(statuses.slice(0, BEARER_LIMIT - 1).every((status) => status === 200)).toBe(true);
      const limited = await bearer(server.urls.base, app.consumerKey, app.consumerSecret);
      expect(limited.status).toBe(403);
      expect(errorOf(limited).code).toBe(99);
    });

    it("maps signature failures: 32 bad signature, 135 timestamp, 215 no credentials, 32 replay", async () => {
      const url = `${server.urls.ads}/12/accounts`;
      const wrongSecret = await signedFetch("GET", url, {
        consumer: { consumerKey: owner.consumerKey, consumerSecret: "nope" },
        token: owner.credentials.token,
      });
      expect(wrongSecret.status).toBe(401);
      expect(errorOf(wrongSecret).code).toBe(32);

      const stale = signRequest({
        method: "GET",
        url,
        consumer: owner.credentials.consumer,
        token: owner.credentials.token,
        clock: () => Date.now() - 3_600_000,
      });
      const old = await fetch(url, { headers: { authorization: stale.authorization } });
      expect(old.status).toBe(401);
      expect(await old.json()).toMatchObject({
        errors: [{ code: 135, parameter: "oauth_timestamp" }],
      });

      const none = await fetch(url);
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ errors: [{ code: 215 }] });

      const signed = signRequest({
        method: "GET",
        url,
        consumer: owner.credentials.consumer,
        token: owner.credentials.token,
      });
      expect((await fetch(url, { headers: { authorization: signed.authorization } })).status).toBe(
        200,
      );
      const replay = await fetch(url, { headers: { authorization: signed.authorization } });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ errors: [{ code: 32 }] });
    });

    it("reads protocol parameters on the query string and in the form, alone or beside the header (RFC 5849 §3.5)", async () => {
      const url = `${server.urls.ads}/12/accounts`;
      const token = owner.credentials.token?.token ?? "";
      const protocol = (): [string, string][] => [
        ["oauth_consumer_key", owner.consumerKey],
        ["oauth_nonce", generateNonce()],
        ["oauth_signature_method", "HMAC-SHA1"],
        ["oauth_timestamp", String(Math.floor(Date.now() / 1000))],
        ["oauth_token", token],
      ];
      const sign = (method: string, target: string, params: [string, string][]) =>
        hmacSha1Signature(
          signatureBaseString(method, target, params),
          owner.consumerSecret,
          owner.credentials.token?.tokenSecret,
        );

      // Every protocol parameter on the query string, no Authorization header.
      const inQuery = protocol();
      const queryUrl = `${url}?${serializeForm([...inQuery, ["count", "5"]])}`;
      const signature = sign("GET", queryUrl, [...inQuery, ["count", "5"]]);
      const alone = await fetch(`${queryUrl}&${serializeForm([["oauth_signature", signature]])}`);
      expect(alone.status).toBe(200);

      // The header's oauth_token repeated on the query with the same value: one parameter.
      const header = protocol();
      const repeatedUrl = `${url}?${serializeForm([["oauth_token", token]])}`;
      const repeated = await fetch(repeatedUrl, {
        headers: {
          authorization: buildAuthorizationHeader([
            ...header,
            ["oauth_signature", sign("GET", repeatedUrl, header)],
          ]),
        },
      });
      expect(repeated.status).toBe(200);

      // Every protocol parameter in the form body of a write.
      const { accountId } = await createAccountFor(server.ctx, owner.userId);
      const account = `${server.urls.ads}/12/accounts/${accountId}`;
      const formBody = protocol();
      const signedForm = [...formBody, ["name", "Renamed through a form"]] as [string, string][];
      const formAnswer = await fetch(account, {
        method: "PUT",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: serializeForm([...signedForm, ["oauth_signature", sign("PUT", account, signedForm)]]),
      });
      expect(formAnswer.status).toBe(200);
    });

    it("checks the signature against the public URL of the host role", async () => {
      // Signed for the sandbox host's URL but sent to the production host: the base string differs.
      const path = "/12/accounts";
      const signed = signRequest({
        method: "GET",
        url: `${server.urls["ads-sandbox"]}${path}`,
        consumer: owner.credentials.consumer,
        token: owner.credentials.token,
      });
      const response = await fetch(`${server.urls.ads}${path}`, {
        headers: { authorization: signed.authorization },
      });
      expect(response.status).toBe(401);
    });

    it("invalidates an access token at /1.1/oauth/invalidate_token.json; it is then refused with 89", async () => {
      const user = await createActor(server.ctx);
      const url = `${server.urls.base}/1.1/oauth/invalidate_token.json`;
      const response = await signedFetch("POST", url, user.credentials);
      expect(response.status).toBe(200);
      expect(bodyOf(response)).toEqual({ access_token: user.credentials.token?.token });
      const after = await user.client.get("/12/accounts");
      expect(after.status).toBe(401);
      expect(errorOf(after).code).toBe(89);
      expect(JSON.stringify(bodyOf(after))).not.toContain(
        user.credentials.token?.tokenSecret ?? "secret",
      );
    });
  },
);
