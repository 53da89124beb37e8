import {
  buildAuthorizeUrl,
  buildBasicAuthorization,
  parseAuthorizationHeader,
  serializeForm,
  signRequest,
} from "@adsgraph/oauth";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAppByConsumerKey } from "../../src/credentials/apps.js";
import { findUserByScreenName } from "../../src/credentials/users.js";
import { createActor, TEST_PASSWORD } from "../support/actors.js";
import type { Actor } from "../support/actors.js";
import { formFields, getPage, postForm } from "../support/browser.js";
import { getRequestToken } from "../support/oauth-legs.js";
import type { ApiResponse } from "../support/signed-fetch.js";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import { rawRequest } from "./support/raw-http.js";
import { answerOf, expectCleanLogs, expectHealthy } from "./support/refusals.js";

// Issue 12, item 3: a string from a request that reaches a database lookup as sent — the
// consumer key on every OAuth path, the screen name of the authorize form — is answered as
// "nobody has it" when PostgreSQL could not hold it (NUL) or it is absurdly long: a 401 (or
// 400), never a 500 with a stack trace in the log.

const CALLBACK = "http://127.0.0.1:9/callback";
/** Consumer keys no app can have: PostgreSQL refuses NUL in text; the last is far too long. */
const BAD_KEYS = [
  { label: "a NUL", key: "\u0000x" },
  { label: "a NUL inside", key: "key\u0000key" },
  { label: "300 characters", key: "k".repeat(300) },
];

/** A refusal of the caller's credentials: 401, or 400 for a malformed one. */
function expectUnauthenticated(response: ApiResponse): void {
  expect([400, 401], answerOf(response)).toContain(response.status);
}

describe.each(TEST_ENGINES)("credential lookups of raw request text on %s", (engine) => {
  let server: HostileServer;
  let actor: Actor;

  beforeAll(async () => {
    server = await startHostileServer(engine);
    actor = await createActor(server.ctx, { callbackUrls: [CALLBACK] });
  });
  afterAll(() => server.close());

  /** The protocol parameters a client with this consumer key would sign for the request. */
  function protocolPairs(method: string, url: string, consumerKey: string, withToken: boolean) {
    const { authorization } = signRequest({
      method,
      url,
      consumer: { consumerKey, consumerSecret: "secret" },
      token: withToken ? { token: "token", tokenSecret: "token secret" } : undefined,
      oauthParams: withToken ? {} : { oauth_callback: CALLBACK },
    });
    return { authorization, pairs: parseAuthorizationHeader(authorization).params };
  }

  it.each(BAD_KEYS)(
    "refuses $label as oauth_consumer_key in the Authorization header (request token, ads call)",
    async ({ key }) => {
      const requestTokenUrl = `${server.urls.base}/oauth/request_token`;
      expectUnauthenticated(
        await rawRequest({
          method: "POST",
          url: requestTokenUrl,
          authorization: protocolPairs("POST", requestTokenUrl, key, false).authorization,
        }),
      );
      const accountsUrl = `${server.urls.ads}/12/accounts`;
      expectUnauthenticated(
        await rawRequest({
          method: "GET",
          url: accountsUrl,
          authorization: protocolPairs("GET", accountsUrl, key, true).authorization,
        }),
      );
    },
  );

  it.each(BAD_KEYS)(
    "refuses $label as oauth_consumer_key in the query string or the form body",
    async ({ key }) => {
      const accountsUrl = `${server.urls.ads}/12/accounts`;
      const { pairs } = protocolPairs("GET", accountsUrl, key, true);
      expectUnauthenticated(
        await rawRequest({ method: "GET", url: `${accountsUrl}?${serializeForm(pairs)}` }),
      );
      const requestTokenUrl = `${server.urls.base}/oauth/request_token`;
      expectUnauthenticated(
        await rawRequest({
          method: "POST",
          url: requestTokenUrl,
          body: serializeForm(protocolPairs("POST", requestTokenUrl, key, false).pairs),
          contentType: "application/x-www-form-urlencoded",
        }),
      );
    },
  );

  it.each(BAD_KEYS)(
    "refuses $label as the key of Basic credentials on /oauth2/token",
    async ({ key }) => {
      const response = await rawRequest({
        method: "POST",
        url: `${server.urls.base}/oauth2/token`,
        authorization: buildBasicAuthorization(key, "x"),
        body: "grant_type=client_credentials",
        contentType: "application/x-www-form-urlencoded",
      });
      expectUnauthenticated(response);
    },
  );

  it("finds no app and no user for text the database could not hold (and no error)", async () => {
    const prisma = server.ctx.prisma;
    for (const key of [...BAD_KEYS.map((bad) => bad.key), "\ud800", "k\udc00"]) {
      await expect(findAppByConsumerKey(prisma, key)).resolves.toBeNull();
    }
    expect((await findAppByConsumerKey(prisma, actor.consumerKey))?.id).toBe(actor.appId);
    for (const name of ["a\u0000b", "\u0000", "\ud800", "x".repeat(300), "not a name"]) {
      await expect(findUserByScreenName(prisma, name)).resolves.toBeNull();
    }
    expect((await findUserByScreenName(prisma, actor.screenName))?.id).toBe(actor.userId);
  });

  it("answers a screen name no user can have on the authorize form as a wrong password", async () => {
    const requestToken = await getRequestToken(
      {
        baseUrl: server.urls.base,
        consumer: { consumerKey: actor.consumerKey, consumerSecret: actor.consumerSecret },
      },
      { callback: CALLBACK },
    );
    const url = buildAuthorizeUrl(server.urls.base, { token: requestToken.token });
    let page = await getPage(url);
    expect(page.status).toBe(200);
    for (const screenName of ["a\u0000b", `${actor.screenName}\u0000`, "x".repeat(5_000)]) {
      const submitted = await postForm(
        `${server.urls.base}/oauth/authorize`,
        formFields(page.html, {
          screen_name: screenName,
          password: TEST_PASSWORD,
          decision: "approve",
        }),
      );
      expect(submitted.status, submitted.html.slice(0, 300)).toBe(401);
      expect(submitted.html).toContain("screen name or password is incorrect");
      page = submitted;
    }
    // The page itself refuses a NUL in its query with a 400 naming the parameter.
    const refused = await getPage(`${url}&screen_name=%00`);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("screen_name");
  });

  it("still answers /health on every host role", async () => {
    await expectHealthy(server.urls);
  });

  it("logged no stack trace, no 500 and no credential", () => {
    expectCleanLogs(server.logs(), [actor.consumerSecret, TEST_PASSWORD]);
  });
});
