import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildAuthenticateUrl,
  buildAuthorizeUrl,
  getAccessToken,
  getRequestToken,
  invalidateAccessToken,
} from "../src/client/three-legged.js";
import type { FetchLike, OAuthClientConfig } from "../src/client/http.js";
import {
  OAuthErrorCode,
  OAuthHttpError,
  OAuthProtocolError,
  OAuthTransportError,
} from "../src/errors.js";
import { startOAuthServer } from "./helpers/oauth-server.js";
import type { TestServer } from "./helpers/oauth-server.js";

const app = {
  consumerKey: "three-legged-app",
  consumerSecret: "cs-3L-secret-value",
  owner: { token: "owner-token", tokenSecret: "owner-secret" },
};

let server: TestServer;
let config: OAuthClientConfig;

beforeEach(async () => {
  server = await startOAuthServer(app);
  config = { baseUrl: server.baseUrl, consumer: app };
});
afterEach(async () => {
  await server.close();
});

describe("three-legged flow against a loopback server", () => {
  it("runs request token, authorize, access token and invalidation", async () => {
    const requestToken = await getRequestToken(config, {
      callback: "https://app.example.com/cb?x=1",
      accessType: "read",
    });
    expect(requestToken.callbackConfirmed).toBe(true);
    expect(server.verified.get("/oauth/request_token")?.callback).toBe(
      "https://app.example.com/cb?x=1",
    );
    expect(server.requestTokenQueries).toEqual(["?svc_auth_access_type=read"]);

    // The user approves on the authorize page; the callback brings back the verifier.
    const verifier = server.requestTokens.get(requestToken.token)?.verifier ?? "";
    const access = await getAccessToken(config, { requestToken, verifier });
    expect(access.userId).toBe("12345678901234567890");
    expect(typeof access.userId).toBe("string");
    expect(access.screenName).toBe("someone");
    expect(server.verified.get("/oauth/access_token")?.verifier).toBe(verifier);

    await invalidateAccessToken(config, { token: access.token, tokenSecret: access.tokenSecret });
    expect(server.accessTokens.get(access.token)?.invalidated).toBe(true);

    // Afterwards the token is refused with 401, code 89 (spec §4.1, §7).
    const again = invalidateAccessToken(config, {
      token: access.token,
      tokenSecret: access.tokenSecret,
    });
    await expect(again).rejects.toBeInstanceOf(OAuthHttpError);
    await expect(again).rejects.toMatchObject({ status: 401, codes: [89] });
  });

  it("always sends oauth_callback, oob included", async () => {
    await getRequestToken(config, { callback: "oob" });
    expect(server.verified.get("/oauth/request_token")?.callback).toBe("oob");
    expect(server.requestTokenQueries).toEqual([""]);
    await expect(getRequestToken(config, { callback: "not a url" })).rejects.toMatchObject({
      code: OAuthErrorCode.INVALID_ARGUMENT,
    });
    const sneaky = { callback: "oob", accessType: "read&x=1" } as unknown as { callback: string };
    await expect(getRequestToken(config, sneaky)).rejects.toMatchObject({
      code: OAuthErrorCode.INVALID_ARGUMENT,
    });
  });

  it("refuses an answer without oauth_callback_confirmed=true", async () => {
    server.canned.set("/oauth/request_token", [
      { status: 200, body: "oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=false" },
      { status: 200, body: "oauth_token=t&oauth_token_secret=s" },
    ]);
    for (let i = 0; i < 2; i += 1) {
      await expect(getRequestToken(config, { callback: "oob" })).rejects.toMatchObject({
        code: OAuthErrorCode.CALLBACK_NOT_CONFIRMED,
      });
    }
  });

  it("refuses malformed access token answers", async () => {
    const requestToken = { token: "rt", tokenSecret: "rts" };
    server.canned.set("/oauth/access_token", [
      { status: 200, body: "oauth_token=a&oauth_token_secret=b&user_id=12e3&screen_name=x" },
      { status: 200, body: "oauth_token=a&user_id=1&screen_name=x" },
      {
        status: 200,
        body: "oauth_token=a&oauth_token=b&oauth_token_secret=b&user_id=1&screen_name=x",
      },
    ]);
    for (let i = 0; i < 3; i += 1) {
      await expect(getAccessToken(config, { requestToken, verifier: "v" })).rejects.toMatchObject({
        code: OAuthErrorCode.MALFORMED_RESPONSE,
      });
    }
  });

  it("turns a refused signature into OAuthHttpError with the parsed codes", async () => {
    const wrong = { ...config, consumer: { ...app, consumerSecret: "wrong" } };
    const error = await getRequestToken(wrong, { callback: "oob" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthHttpError);
    expect(error).toMatchObject({ status: 401, codes: [32], code: OAuthErrorCode.HTTP_ERROR });
  });

  it("uses an injected transport", async () => {
    const seen: string[] = [];
    const transport: FetchLike = async (url, init) => {
      seen.push(`${init.method} ${new URL(url).pathname}`);
      return fetch(url, init);
    };
    await getRequestToken({ ...config, fetch: transport }, { callback: "oob" });
    expect(seen).toEqual(["POST /oauth/request_token"]);
  });

  it("reports a transport failure as OAuthTransportError", async () => {
    const down = { ...config, baseUrl: "http://127.0.0.1:9" };
    await expect(getRequestToken(down, { callback: "oob" })).rejects.toBeInstanceOf(
      OAuthTransportError,
    );
  });

  it("requires https except on loopback", async () => {
    await expect(
      getRequestToken({ ...config, baseUrl: "http://api.example.com" }, { callback: "oob" }),
    ).rejects.toBeInstanceOf(OAuthProtocolError);
  });
});

describe("authorize and authenticate URLs", () => {
  it("carry oauth_token, force_login and screen_name, never oauth_callback", () => {
    const url = new URL(
      buildAuthorizeUrl("https://api.example.com/", {
        token: "t/1",
        forceLogin: true,
        screenName: "a b",
      }),
    );
    expect(url.pathname).toBe("/oauth/authorize");
    expect([...url.searchParams]).toEqual([
      ["oauth_token", "t/1"],
      ["force_login", "true"],
      ["screen_name", "a b"],
    ]);
    const auth = buildAuthenticateUrl("https://api.example.com", { token: "t" });
    expect(auth).toBe("https://api.example.com/oauth/authenticate?oauth_token=t");
    expect(auth).not.toContain("oauth_callback");
  });
});
