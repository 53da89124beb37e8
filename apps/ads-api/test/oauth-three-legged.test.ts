import {
  buildAuthenticateUrl,
  buildAuthorizationHeader,
  buildAuthorizeUrl,
  generateNonce,
  hmacSha1Signature,
  serializeForm,
  signatureBaseString,
} from "@adsgraph/oauth";
import { accessTokenResultSchema } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, TEST_PASSWORD } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { cookiePair, formFields, getPage, inputValue, postForm } from "./support/browser.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient, signedFetch, withQuery } from "./support/signed-fetch.js";
import { getAccessToken, getRequestToken, invalidateAccessToken } from "./support/oauth-legs.js";
import type { FlowConfig } from "./support/oauth-legs.js";
import { errorOf } from "./support/bodies.js";

const CALLBACK = "http://127.0.0.1:9/callback";

describe.each(HTTP_TEST_ENGINES)("OAuth 1.0a three-legged flow on %s (spec §4.1)", (engine) => {
  let server: TestServer;
  let owner: Actor;
  let config: FlowConfig;
  const clock = testClock();

  beforeAll(async () => {
    server = await startTestServer(engine, {
      clock: clock.now,
      limits: { requestTokenTtlMs: 60_000 },
    });
    owner = await createActor(server.ctx, { callbackUrls: [CALLBACK] });
    config = {
      baseUrl: server.urls.base,
      consumer: { consumerKey: owner.consumerKey, consumerSecret: owner.consumerSecret },
    };
  });
  afterAll(() => server.close());

  /** Request token → authorize page → POSTed form; answers the redirect or the PIN page. */
  async function authorizeInBrowser(callback: string, cookie?: string) {
    const requestToken = await getRequestToken(config, { callback });
    const page = await getPage(
      buildAuthorizeUrl(server.urls.base, { token: requestToken.token }),
      cookie,
    );
    expect(page.status).toBe(200);
    const submitted = await postForm(
      `${server.urls.base}/oauth/authorize`,
      formFields(page.html, {
        screen_name: owner.screenName,
        password: TEST_PASSWORD,
        decision: "approve",
      }),
    );
    return { requestToken, page, submitted };
  }

  it("runs request token → authorize page → callback → access token → signed call → invalidate → 89", async () => {
    const { requestToken, page, submitted } = await authorizeInBrowser(CALLBACK);
    expect(page.html).toContain("<form");
    expect(page.html).toContain('name="password"');
    expect(submitted.status).toBe(302);
    const location = new URL(submitted.location ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get("oauth_token")).toBe(requestToken.token);
    const verifier = location.searchParams.get("oauth_verifier") ?? "";
    expect(submitted.setCookie).toMatch(/^ads_api_session=.+; Path=\/; HttpOnly; SameSite=Lax/);

    const access = await getAccessToken(config, { requestToken, verifier });
    expect(access.userId).toBe(owner.userId);
    expect(access.screenName).toBe(owner.screenName);

    const client = new AdsClient(server.urls, {
      consumer: config.consumer,
      token: { token: access.token, tokenSecret: access.tokenSecret },
    });
    expect((await client.get("/12/accounts")).status).toBe(200);

    await invalidateAccessToken(config, { token: access.token, tokenSecret: access.tokenSecret });
    const refused = await client.get("/12/accounts");
    expect(refused.status).toBe(401);
    expect(errorOf(refused).code).toBe(89);
  });

  it("answers the access token form-encoded with a digit user id", async () => {
    const { requestToken, submitted } = await authorizeInBrowser(CALLBACK);
    const verifier = new URL(submitted.location ?? "").searchParams.get("oauth_verifier") ?? "";
    const url = `${server.urls.base}/oauth/access_token`;
    const response = await signedFetch(
      "POST",
      url,
      {
        consumer: config.consumer,
        token: { token: requestToken.token, tokenSecret: requestToken.tokenSecret },
      },
      { oauthParams: { oauth_verifier: verifier } },
    );
    expect(response.status).toBe(200);
    const fields = Object.fromEntries(new URLSearchParams(response.text));
    expect(accessTokenResultSchema.parse(fields).user_id).toBe(owner.userId);
    // spec §4.1: the verifier is single use.
    const again = await signedFetch(
      "POST",
      url,
      {
        consumer: config.consumer,
        token: { token: requestToken.token, tokenSecret: requestToken.tokenSecret },
      },
      { oauthParams: { oauth_verifier: verifier } },
    );
    expect(again.status).toBe(401);
    expect(errorOf(again).code).toBe(89);
  });

  it("shows a PIN for oob and accepts it as the verifier", async () => {
    const { requestToken, submitted } = await authorizeInBrowser("oob");
    expect(submitted.status).toBe(200);
    const pin = /id="oauth_pin">(\d{7})</.exec(submitted.html)?.[1] ?? "";
    expect(pin).toMatch(/^\d{7}$/);
    const access = await getAccessToken(config, { requestToken, verifier: pin });
    expect(access.userId).toBe(owner.userId);
  });

  describe("a protocol parameter in the header and the body (twitter-api-v2's login(pin))", () => {
    type Pair = [string, string];

    /**
     * POSTs access_token with `header` protocol parameters plus the standard ones, and `body`
     * as the form, signed over the header's and `signedBody` (what the client signed).
     */
    async function exchange(
      requestToken: { token: string; tokenSecret: string },
      options: { header?: Pair[]; body: Pair[]; signedBody?: Pair[] },
    ) {
      const url = `${server.urls.base}/oauth/access_token`;
      const protocol: Pair[] = [
        ["oauth_consumer_key", config.consumer.consumerKey],
        ["oauth_nonce", generateNonce()],
        ["oauth_signature_method", "HMAC-SHA1"],
        // The signature's clock is the wall clock, as signedFetch's (the service clock is apart).
        ["oauth_timestamp", String(Math.floor(Date.now() / 1000))],
        ["oauth_version", "1.0"],
        ["oauth_token", requestToken.token],
        ...(options.header ?? []),
      ];
      const signature = hmacSha1Signature(
        signatureBaseString("POST", url, [...protocol, ...(options.signedBody ?? options.body)]),
        config.consumer.consumerSecret,
        requestToken.tokenSecret,
      );
      const response = await fetch(url, {
        method: "POST",
        headers: {
          authorization: buildAuthorizationHeader([...protocol, ["oauth_signature", signature]]),
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        },
        body: serializeForm(options.body),
      });
      const text = await response.text();
      const { status, headers } = response;
      return {
        status,
        headers,
        text,
        body: response.ok ? undefined : (JSON.parse(text) as unknown),
      };
    }

    async function pinFlow() {
      const { requestToken, submitted } = await authorizeInBrowser("oob");
      const pin = /id="oauth_pin">(\d{7})</.exec(submitted.html)?.[1] ?? "";
      return { requestToken, pin };
    }

    it("takes oauth_token sent in both with one value as one parameter, signed once", async () => {
      const { requestToken, pin } = await pinFlow();
      // As twitter-api-v2 signs: one map of parameters, so oauth_token counts once.
      const body: Pair[] = [
        ["oauth_token", requestToken.token],
        ["oauth_verifier", pin],
      ];
      const answer = await exchange(requestToken, { body, signedBody: [["oauth_verifier", pin]] });
      expect(answer.status).toBe(200);
      const fields = Object.fromEntries(new URLSearchParams(answer.text));
      expect(accessTokenResultSchema.parse(fields).user_id).toBe(owner.userId);
    });

    it("takes oauth_token and oauth_verifier sent in both, signed every time (RFC 5849)", async () => {
      const { requestToken, pin } = await pinFlow();
      const both: Pair[] = [
        ["oauth_token", requestToken.token],
        ["oauth_verifier", pin],
      ];
      const answer = await exchange(requestToken, {
        header: [["oauth_verifier", pin]],
        body: both,
      });
      expect(answer.status).toBe(200);
    });

    it("refuses two different values with 401 code 215 naming the parameter, consuming nothing", async () => {
      const { requestToken, pin } = await pinFlow();
      const otherToken = await exchange(requestToken, {
        body: [
          ["oauth_token", "another-request-token"],
          ["oauth_verifier", pin],
        ],
      });
      expect(otherToken.status).toBe(401);
      expect(errorOf(otherToken)).toMatchObject({ code: 215, parameter: "oauth_token" });
      expect(errorOf(otherToken).message).toContain("different values");
      const otherPin = await exchange(requestToken, {
        header: [["oauth_verifier", pin]],
        body: [["oauth_verifier", "0000000"]],
      });
      expect(otherPin.status).toBe(401);
      expect(errorOf(otherPin)).toMatchObject({ code: 215, parameter: "oauth_verifier" });
      // Refused before any lookup: the request token and its PIN still work.
      const access = await getAccessToken(config, { requestToken, verifier: pin });
      expect(access.userId).toBe(owner.userId);
    });
  });

  it("refuses a callback that is not configured for the app (403, 415)", async () => {
    const url = `${server.urls.base}/oauth/request_token`;
    const response = await signedFetch(
      "POST",
      url,
      { consumer: config.consumer },
      {
        oauthParams: { oauth_callback: "https://evil.example/steal" },
      },
    );
    expect(response.status).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 415, parameter: "oauth_callback" });
    const missing = await signedFetch("POST", url, { consumer: config.consumer });
    expect(missing.status).toBe(401);
    expect(errorOf(missing)).toMatchObject({ code: 215, parameter: "oauth_callback" });
  });

  it("never takes oauth_callback on the authorize page and prefills screen_name", async () => {
    const requestToken = await getRequestToken(config, { callback: CALLBACK });
    const withCallback = await getPage(
      withQuery(server.urls.base, "/oauth/authorize", {
        oauth_token: requestToken.token,
        oauth_callback: CALLBACK,
      }),
    );
    expect(withCallback.status).toBe(400);
    expect(withCallback.html).toContain("oauth_callback is not a parameter");
    const prefilled = await getPage(
      buildAuthorizeUrl(server.urls.base, { token: requestToken.token, screenName: "someone" }),
    );
    expect(inputValue(prefilled.html, "screen_name")).toBe("someone");
    const unknown = await getPage(buildAuthorizeUrl(server.urls.base, { token: "no-such-token" }));
    expect(unknown.status).toBe(401);
  });

  it("re-shows the page on a wrong password and redirects with denied= on cancel", async () => {
    const requestToken = await getRequestToken(config, { callback: CALLBACK });
    const page = await getPage(buildAuthorizeUrl(server.urls.base, { token: requestToken.token }));
    const wrong = await postForm(
      `${server.urls.base}/oauth/authorize`,
      formFields(page.html, {
        screen_name: owner.screenName,
        password: "not the password",
        decision: "approve",
      }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain("screen name or password is incorrect");
    expect(wrong.html).not.toContain("not the password");
    const denied = await postForm(
      `${server.urls.base}/oauth/authorize`,
      formFields(wrong.html, { decision: "deny" }),
    );
    expect(denied.status).toBe(302);
    expect(new URL(denied.location ?? "").searchParams.get("denied")).toBe(requestToken.token);
    await expect(getAccessToken(config, { requestToken, verifier: "x" })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("authenticate skips approval for a signed-in user who granted access; force_login asks again", async () => {
    const first = await authorizeInBrowser(CALLBACK);
    const cookie = cookiePair(first.submitted.setCookie) ?? "";
    const verifier =
      new URL(first.submitted.location ?? "").searchParams.get("oauth_verifier") ?? "";
    await getAccessToken(config, { requestToken: first.requestToken, verifier });

    const second = await getRequestToken(config, { callback: CALLBACK });
    const direct = await getPage(
      buildAuthenticateUrl(server.urls.base, { token: second.token }),
      cookie,
    );
    expect(direct.status).toBe(302);
    const again = new URL(direct.location ?? "").searchParams.get("oauth_verifier") ?? "";
    expect((await getAccessToken(config, { requestToken: second, verifier: again })).userId).toBe(
      owner.userId,
    );

    const third = await getRequestToken(config, { callback: CALLBACK });
    const forced = await getPage(
      buildAuthenticateUrl(server.urls.base, { token: third.token, forceLogin: true }),
      cookie,
    );
    expect(forced.status).toBe(200);
    expect(forced.html).toContain('name="password"');
    // authorize always asks, but offers the signed-in session instead of the password.
    const authorize = await getPage(
      buildAuthorizeUrl(server.urls.base, { token: third.token }),
      cookie,
    );
    expect(authorize.html).toContain(`Signed in as <strong>@${owner.screenName}</strong>`);
    const approved = await postForm(
      `${server.urls.base}/oauth/authorize`,
      formFields(authorize.html, { decision: "approve" }),
      cookie,
    );
    expect(approved.status).toBe(302);
    // The same form without the session it was shown to is refused (CSRF).
    const fourth = await getRequestToken(config, { callback: CALLBACK });
    const shown = await getPage(
      buildAuthorizeUrl(server.urls.base, { token: fourth.token }),
      cookie,
    );
    const forged = await postForm(
      `${server.urls.base}/oauth/authorize`,
      formFields(shown.html, { decision: "approve" }),
    );
    expect(forged.status).toBe(403);
  });

  it("authenticate asks for approval when the app has sign-in disabled", async () => {
    const other = await createActor(server.ctx, { callbackUrls: [CALLBACK], signInWith: false });
    const otherConfig = { baseUrl: server.urls.base, consumer: other.credentials.consumer };
    const login = await postForm(
      `${server.urls.base}/oauth/authorize`,
      formFields(
        (
          await getPage(
            buildAuthorizeUrl(server.urls.base, {
              token: (await getRequestToken(otherConfig, { callback: CALLBACK })).token,
            }),
          )
        ).html,
        { screen_name: other.screenName, password: TEST_PASSWORD, decision: "approve" },
      ),
    );
    const cookie = cookiePair(login.setCookie) ?? "";
    const next = await getRequestToken(otherConfig, { callback: CALLBACK });
    const page = await getPage(
      buildAuthenticateUrl(server.urls.base, { token: next.token }),
      cookie,
    );
    expect(page.status).toBe(200);
  });

  it("burns a request token on a wrong verifier and expires unused ones", async () => {
    const { requestToken } = await authorizeInBrowser(CALLBACK);
    await expect(getAccessToken(config, { requestToken, verifier: "wrong" })).rejects.toMatchObject(
      {
        status: 401,
        codes: [32],
      },
    );
    await expect(getAccessToken(config, { requestToken, verifier: "wrong" })).rejects.toMatchObject(
      { codes: [89] },
    );

    const stale = await getRequestToken(config, { callback: CALLBACK });
    clock.advance(61_000);
    const page = await getPage(buildAuthorizeUrl(server.urls.base, { token: stale.token }));
    expect(page.status).toBe(401);
    await expect(
      getAccessToken(config, { requestToken: stale, verifier: "x" }),
    ).rejects.toMatchObject({ codes: [89] });
  });

  it("svc_auth_access_type=read yields a token that cannot write (403, 261)", async () => {
    const requestToken = await getRequestToken(config, { callback: CALLBACK, accessType: "read" });
    const page = await getPage(buildAuthorizeUrl(server.urls.base, { token: requestToken.token }));
    expect(page.html).toContain("read only");
    const submitted = await postForm(
      `${server.urls.base}/oauth/authorize`,
      formFields(page.html, {
        screen_name: owner.screenName,
        password: TEST_PASSWORD,
        decision: "approve",
      }),
    );
    const verifier = new URL(submitted.location ?? "").searchParams.get("oauth_verifier") ?? "";
    const access = await getAccessToken(config, { requestToken, verifier });
    const client = new AdsClient(server.urls, {
      consumer: config.consumer,
      token: { token: access.token, tokenSecret: access.tokenSecret },
    });
    expect((await client.get("/12/accounts")).status).toBe(200);
    const write = await client.post("/12/accounts", {}, "ads-sandbox");
    expect(write.status).toBe(403);
    expect(errorOf(write).code).toBe(261);
  });
});
