import { PassThrough } from "node:stream";
import { createApp, DEMO } from "@adsgraph/ads-api";
import { approveAndReadPin, freePort, startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { buildBasicAuthorization, signRequest } from "@adsgraph/oauth";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

/** `name=value` of a Set-Cookie header, as a browser sends it back. */
function cookieOf(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** The hidden inputs of the authorize page's form, as a browser would submit them. */
function hiddenInputs(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ""] = (match[2] ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  }
  return fields;
}

describe.each(TEST_ENGINES)("sign-in through the service's three-legged OAuth on %s", (engine) => {
  let adsApi: StartedAdsApi;
  let facade: RunningFacade;
  const viewerQuery = "{ viewer { userId screenName } }";
  /** Every credential the tests handle, and everything the facade logged or answered. */
  const secrets = new Set<string>([DEMO.accessToken.token, DEMO.accessToken.secret]);
  const logs = new PassThrough();
  let logText = "";
  logs.on("data", (chunk: Buffer) => (logText += chunk.toString("utf8")));
  const graphqlAnswers: string[] = [];
  const ask = async (headers: Record<string, string>, query = viewerQuery) => {
    const answer = await postGraphQL(facade.url, query, { headers });
    graphqlAnswers.push(JSON.stringify(answer));
    return answer;
  };

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine });
    // The facade's own app on the service, with this test's callback URL.
    const port = await freePort();
    const app = await createApp(adsApi.server.ctx.prisma, adsApi.server.ctx.box, {
      name: "adsgraph facade (test)",
      ownerId: DEMO.user.id,
      callbackUrls: [`http://127.0.0.1:${port}/auth/callback`],
      signInWith: true,
    });
    secrets.add(app.consumerSecret);
    facade = await startFacade({
      engine,
      logStream: logs,
      env: {
        LOG_LEVEL: "info",
        ...adsApi.env,
        GRAPHQL_PORT: String(port),
        FACADE_CONSUMER_KEY: app.consumerKey,
        FACADE_CONSUMER_SECRET: app.consumerSecret,
      },
    });
  });
  afterAll(async () => {
    await facade.close();
    await adsApi.close();
  });

  /**
   * Follows the browser flow: login → authorize page → form post → callback; `current`, the
   * session cookie a browser that signed in before still sends.
   */
  async function signInAsBrowser(current?: string): Promise<string> {
    const login = await get(`${facade.origin}/auth/login`);
    expect(login.status).toBe(303);
    const loginCookie = cookieOf(login, "adsgraph_login");
    const authorizeUrl = login.headers.get("location") ?? "";
    secrets.add(new URL(authorizeUrl).searchParams.get("oauth_token") ?? "");
    expect(authorizeUrl.startsWith(adsApi.urls.base)).toBe(true);

    const page = await get(authorizeUrl);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(action).toBeDefined();
    const approved = await fetch(new URL(action ?? "", authorizeUrl), {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(cookieOf(page, "adsapi_session")
          ? { cookie: cookieOf(page, "adsapi_session") ?? "" }
          : {}),
      },
      body: new URLSearchParams({
        ...hiddenInputs(html),
        screen_name: DEMO.user.screenName,
        password: DEMO.user.password,
        decision: "approve",
      }),
    });
    const callback = approved.headers.get("location") ?? "";
    expect(callback).toMatch(new RegExp(`^${facade.origin}/auth/callback\\?`));

    secrets.add(new URL(callback).searchParams.get("oauth_verifier") ?? "");
    const done = await get(callback, [loginCookie, current].filter(Boolean).join("; "));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/graphql");
    const setCookie = done.headers.getSetCookie().find((c) => c.startsWith("adsgraph_session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const session = cookieOf(done, "adsgraph_session");
    expect(session).toBeDefined();
    const value = session ?? "";
    secrets.add(value.slice(value.indexOf("=") + 1));
    const live = await facade.services.sessions.resolve(value.slice(value.indexOf("=") + 1));
    secrets.add(live?.accessToken ?? "").add(live?.accessTokenSecret ?? "");
    return value;
  }

  it("signs in as a browser, then queries with the cookie and with a bearer session token", async () => {
    const cookie = await signInAsBrowser();
    const withCookie = await ask({ cookie });
    expect(withCookie.body).toEqual({
      data: { viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName } },
      // Every answer says what it cost upstream (issue 35).
      extensions: { cost: expect.objectContaining({ mode: "run", actual: 0 }) as unknown },
    });

    // A cookie-authenticated POST must be one no other site can send (CSRF): a preflight header.
    const minted = await fetch(`${facade.origin}/auth/token`, {
      method: "POST",
      headers: { cookie, "apollo-require-preflight": "true" },
    });
    const { session_token: token } = (await minted.json()) as { session_token: string };
    secrets.add(token);
    const withBearer = await ask({ authorization: `Bearer ${token}` });
    expect(withBearer.body.data).toEqual({
      viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName },
    });

    // Reference data goes out with the facade's app-only bearer token: it is a secret too.
    const rules = await ask({ cookie }, '{ biddingRules(currency: "EUR") { nodes { currency } } }');
    expect(rules.body.data).toEqual({ biddingRules: { nodes: [{ currency: "EUR" }] } });
    const reads = await adsApi.requests.entries("bidding_rules.list");
    expect(reads.map((entry) => entry.scheme)).toEqual(["bearer"]);
    const bearer = await fetch(`${adsApi.urls.base}/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: buildBasicAuthorization(
          facade.env.FACADE_CONSUMER_KEY,
          facade.env.FACADE_CONSUMER_SECRET,
        ),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    // spec §4.1: the app's one bearer token, the same the facade fetched and cached.
    secrets.add(((await bearer.json()) as { access_token: string }).access_token);
  });

  it("refuses a callback replayed or carried to another browser", async () => {
    const login = await get(`${facade.origin}/auth/login`);
    const token = new URL(login.headers.get("location") ?? "").searchParams.get("oauth_token");
    const forged = await get(
      `${facade.origin}/auth/callback?oauth_token=${token}&oauth_verifier=x`,
    );
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe(
      "SIGN_IN_EXPIRED",
    );
  });

  /**
   * How ads-api answers a read signed with `session`'s upstream access token: 200, or 401 with
   * code 89 once invalidated (spec §4.1, §7).
   */
  async function upstreamAnswer(session: {
    accessToken: string;
    accessTokenSecret: string;
  }): Promise<{ status: number; code?: number | undefined }> {
    const url = `${adsApi.urls.ads}/12/accounts/${DEMO.accounts[0].id}`;
    const signed = signRequest({
      method: "GET",
      url,
      consumer: {
        consumerKey: facade.env.FACADE_CONSUMER_KEY,
        consumerSecret: facade.env.FACADE_CONSUMER_SECRET,
      },
      token: { token: session.accessToken, tokenSecret: session.accessTokenSecret },
    });
    const answer = await fetch(url, { headers: { authorization: signed.authorization } });
    if (answer.ok) return { status: answer.status };
    const body = (await answer.json()) as { errors: { code: number }[] };
    return { status: answer.status, code: body.errors[0]?.code };
  }

  /** The live session (with its upstream credentials) a cookie or bearer token names. */
  async function sessionOf(cookieOrToken: string) {
    const session = await facade.services.sessions.resolve(
      cookieOrToken.slice(cookieOrToken.indexOf("=") + 1),
    );
    expect(session).not.toBeNull();
    return session as NonNullable<typeof session>;
  }

  const signOut = (headers: Record<string, string>) =>
    fetch(`${facade.origin}/auth/logout`, {
      method: "POST",
      headers: { ...headers, "apollo-require-preflight": "true" },
    });

  const mintToken = async (cookie: string): Promise<string> => {
    const minted = await fetch(`${facade.origin}/auth/token`, {
      method: "POST",
      headers: { cookie, "apollo-require-preflight": "true" },
    });
    expect(minted.status).toBe(200);
    const { session_token: token } = (await minted.json()) as { session_token: string };
    secrets.add(token);
    return token;
  };

  const signedIn = {
    data: { viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName } },
    extensions: { cost: expect.objectContaining({ mode: "run", actual: 0 }) as unknown },
  };
  const unauthenticated = async (headers: Record<string, string>) =>
    (await ask(headers)).body.errors?.[0]?.extensions?.code;

  it("logs out: the session is refused and the upstream token answers 401 code 89", async () => {
    const cookie = await signInAsBrowser();
    const session = await sessionOf(cookie);

    const logout = await fetch(`${facade.origin}/auth/logout`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(logout.status).toBe(200);

    const after = await ask({ cookie });
    expect(after.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    // The upstream access token itself was invalidated (spec §4.1, §7).
    expect(await upstreamAnswer(session)).toEqual({ status: 401, code: 89 });
  });

  it("a second sign-in in the same browser ends the first: its cookie is refused, its upstream token invalidated", async () => {
    const first = await signInAsBrowser();
    const firstSession = await sessionOf(first);
    const second = await signInAsBrowser(first);
    expect(second).not.toBe(first);

    expect(await unauthenticated({ cookie: first })).toBe("UNAUTHENTICATED");
    expect((await ask({ cookie: second })).body).toEqual(signedIn);
    expect(await upstreamAnswer(firstSession)).toEqual({ status: 401, code: 89 });
    expect(await upstreamAnswer(await sessionOf(second))).toEqual({ status: 200 });
    await signOut({ cookie: second });
  });

  it("a sign-in in the same browser keeps the API token minted from the old session, and its upstream token", async () => {
    const first = await signInAsBrowser();
    const token = await mintToken(first);
    const second = await signInAsBrowser(first);

    expect(await unauthenticated({ cookie: first })).toBe("UNAUTHENTICATED");
    const bearer = { authorization: `Bearer ${token}` };
    expect((await ask(bearer)).body).toEqual(signedIn);
    expect(await upstreamAnswer(await sessionOf(token))).toEqual({ status: 200 });
    await signOut(bearer);
    await signOut({ cookie: second });
  });

  it("two browsers signed in as the same user hold separate sessions and upstream tokens: signing one out leaves the other", async () => {
    const one = await signInAsBrowser();
    const two = await signInAsBrowser();
    const [sessionOne, sessionTwo] = [await sessionOf(one), await sessionOf(two)];
    // ads-api issues a new access token at every three-legged sign-in.
    expect(sessionTwo.accessToken).not.toBe(sessionOne.accessToken);

    expect((await signOut({ cookie: one })).status).toBe(200);
    expect(await unauthenticated({ cookie: one })).toBe("UNAUTHENTICATED");
    expect(await upstreamAnswer(sessionOne)).toEqual({ status: 401, code: 89 });
    expect((await ask({ cookie: two })).body).toEqual(signedIn);
    expect(await upstreamAnswer(sessionTwo)).toEqual({ status: 200 });
    await signOut({ cookie: two });
  });

  it("a browser and the API token minted from it share one upstream token, invalidated when the last signs out", async () => {
    const cookie = await signInAsBrowser();
    const token = await mintToken(cookie);
    const bearer = { authorization: `Bearer ${token}` };
    const [browser, api] = [await sessionOf(cookie), await sessionOf(token)];
    expect(api.id).not.toBe(browser.id);
    expect(api.accessToken).toBe(browser.accessToken);

    expect(await (await signOut({ cookie })).json()).toEqual({ signed_out: true });
    expect(await unauthenticated({ cookie })).toBe("UNAUTHENTICATED");
    expect((await ask(bearer)).body).toEqual(signedIn);
    expect(await upstreamAnswer(api)).toEqual({ status: 200 });

    expect(await (await signOut(bearer)).json()).toEqual({ signed_out: true });
    expect(await unauthenticated(bearer)).toBe("UNAUTHENTICATED");
    expect(await upstreamAnswer(api)).toEqual({ status: 401, code: 89 });
  });

  it("sessions of one upstream token signing out at once invalidate it once, after the last", async () => {
    const cookie = await signInAsBrowser();
    const tokens = [await mintToken(cookie), await mintToken(cookie)];
    const session = await sessionOf(cookie);
    await adsApi.requests.reset();
    const answers = await Promise.all([
      signOut({ cookie }),
      ...tokens.map((token) => signOut({ authorization: `Bearer ${token}` })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await adsApi.requests.entries("oauth.invalidate_token")).toHaveLength(1);
    expect(await upstreamAnswer(session)).toEqual({ status: 401, code: 89 });
  });

  it("refuses a sign-out or token request another site could send, and the session lives on", async () => {
    const cookie = await signInAsBrowser();
    // What a form or a no-cors fetch of another page can send with the browser's cookie.
    const simple: RequestInit[] = [
      { headers: { cookie } },
      { headers: { cookie, "content-type": "text/plain" }, body: "{}" },
      { headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: "a=1" },
      { headers: { cookie, "content-type": "multipart/form-data; boundary=x" }, body: "--x--" },
    ];
    for (const path of ["/auth/logout", "/auth/token"]) {
      for (const init of simple) {
        const refused = await fetch(`${facade.origin}${path}`, { method: "POST", ...init });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({
          error: {
            code: "PREFLIGHT_REQUIRED",
            message:
              "This request could come from another site (CSRF): send `content-type: " +
              "application/json` (with a JSON body such as `{}`) or a non-empty " +
              "`apollo-require-preflight` header.",
          },
        });
      }
    }
    expect((await ask({ cookie })).body.data).toEqual({
      viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName },
    });

    const logout = await fetch(`${facade.origin}/auth/logout`, {
      method: "POST",
      headers: { cookie, "apollo-require-preflight": "true" },
    });
    expect(await logout.json()).toEqual({ signed_out: true });
    expect((await ask({ cookie })).body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("refuses control characters in the callback and the PIN flow with a 400 naming the field", async () => {
    const callback = await get(`${facade.origin}/auth/callback?oauth_token=t%00k&oauth_verifier=v`);
    expect(callback.status).toBe(400);
    expect(await callback.json()).toEqual({
      error: {
        code: "BAD_CALLBACK",
        message: "oauth_token: must not contain control characters (found U+0000 at index 1)",
      },
    });
    const repeated = await get(`${facade.origin}/auth/callback?oauth_token=a&oauth_token=b`);
    expect(repeated.status).toBe(400);

    const complete = await fetch(`${facade.origin}/auth/pin/complete`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request_token: "rt", pin: "12\u0000" }),
    });
    expect(complete.status).toBe(400);
    expect(await complete.json()).toEqual({
      error: {
        code: "INVALID_PARAMETER",
        message: "pin: must not contain control characters (found U+0000 at index 2)",
      },
    });
  });

  it("signs in a command-line user with the PIN flow", async () => {
    const start = (await (
      await fetch(`${facade.origin}/auth/pin/start`, { method: "POST" })
    ).json()) as {
      request_token: string;
      authorize_url: string;
    };
    const pin = await approveAndReadPin(start.authorize_url, DEMO.user);

    const complete = await fetch(`${facade.origin}/auth/pin/complete`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request_token: start.request_token, pin }),
    });
    const { session_token: token } = (await complete.json()) as { session_token: string };
    const result = await postGraphQL(facade.url, viewerQuery, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(result.body.data).toEqual({
      viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName },
    });
  });

  it("answers UNAUTHENTICATED with no session and with a bad one", async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: "Bearer ags_not-a-real-session" },
    ];
    for (const headers of cases) {
      const result = await postGraphQL(facade.url, viewerQuery, { headers });
      expect(result.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
  });

  it("keeps every credential out of the database, the logs and the GraphQL answers", async () => {
    await facade.services.snapshots.writer.flush();
    const tables = ["session", "login_attempt", "snapshot", "_prisma_migrations"];
    const rows = await Promise.all(
      tables.map((table) =>
        facade.db.prisma.$queryRawUnsafe<{ row: string }[]>(
          `SELECT row_to_json(t)::text AS row FROM "${table}" t`,
        ),
      ),
    );
    const database = rows
      .flat()
      .map((r) => r.row)
      .join("\n");
    expect(database).toContain("adsgraph_demo"); // the scan reads real rows
    expect(logText).toContain("/auth/callback"); // and real log lines
    const places = { database, logs: logText, answers: graphqlAnswers.join("\n") };
    const found = [...secrets]
      .filter((secret) => secret.length >= 8)
      .flatMap((secret) =>
        Object.entries(places)
          .filter(([, text]) => text.includes(secret))
          .map(([place]) => `${place} holds ${secret.slice(0, 4)}…`),
      );
    expect(found).toEqual([]);
    expect(secrets.size).toBeGreaterThan(8);
  });
});
