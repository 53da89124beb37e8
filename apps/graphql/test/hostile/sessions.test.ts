import { DEMO } from "@adsgraph/ads-api";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, signIn } from "../../testing/index.js";
import { expectCleanLogs, expectQueryRefused, upstreamDigest } from "./support/answers.js";
import { startHostileStack, type HostileStack } from "./support/hostile-stack.js";

// Issue 12, items 4 and 8, the facade's doors: requests without a usable session are
// UNAUTHENTICATED without a word to ads-api, and the sign-out route — like /graphql —
// refuses what a cross-site form could send (CSRF), leaving the session alive.

const A = DEMO.accounts[0].id;
const SESSION_COOKIE = "adsgraph_session";
const VIEWER = "{ viewer { userId } }";

/** Credentials no session has. */
const NOT_SESSIONS: { label: string; headers: Record<string, string> }[] = [
  { label: "no credentials", headers: {} },
  { label: "a garbage bearer token", headers: { authorization: "Bearer garbage" } },
  { label: "a 10 KB bearer token", headers: { authorization: `Bearer ${"a".repeat(10_000)}` } },
  { label: "an empty bearer token", headers: { authorization: "Bearer " } },
  { label: "the Basic scheme", headers: { authorization: "Basic YWRtaW46YWRtaW4=" } },
  { label: "the OAuth scheme", headers: { authorization: 'OAuth oauth_token="x"' } },
  { label: "a garbage cookie", headers: { cookie: `${SESSION_COOKIE}=garbage` } },
  { label: "an 8 KB cookie", headers: { cookie: `${SESSION_COOKIE}=${"b".repeat(8_000)}` } },
  { label: "a cookie with a bad escape", headers: { cookie: `${SESSION_COOKIE}=%ZZ%00` } },
  { label: "a cookie named like a prototype", headers: { cookie: "__proto__=x; constructor=y" } },
];

/** Content types a page on another site can POST without asking first. */
const SIMPLE_POSTS: { label: string; headers: Record<string, string>; body?: string }[] = [
  { label: "text/plain", headers: { "content-type": "text/plain" }, body: "{}" },
  {
    label: "text/plain with a charset",
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: "{}",
  },
  { label: "TEXT/PLAIN", headers: { "content-type": "TEXT/PLAIN" }, body: "{}" },
  {
    label: "a form",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "a=1",
  },
  {
    label: "a multipart form",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: "--x--\r\n",
  },
  { label: "no content type and no body", headers: {} },
];

describe.each(TEST_ENGINES)("sessions and CSRF on the facade on %s", (engine) => {
  let stack: HostileStack;
  let before: string;

  beforeAll(async () => {
    stack = await startHostileStack(engine);
    before = await upstreamDigest(stack.adsApi);
  });
  afterAll(() => stack.close());

  const newSession = () => signIn(stack.facade);

  async function viewerOf(cookieToken: string): Promise<unknown> {
    const answer = await stack.post(
      { query: VIEWER },
      { cookie: `${SESSION_COOKIE}=${cookieToken}` },
    );
    return answer.body.data;
  }

  describe("no usable session: UNAUTHENTICATED, and ads-api never asked", () => {
    it.each(NOT_SESSIONS)("$label", async ({ headers }) => {
      await stack.adsApi.requests.reset();
      const answer = await stack.post(
        { query: `{ viewer { userId } account(rawId: "${A}") { id } }` },
        headers,
      );
      expectQueryRefused(answer);
      const codes = (answer.body.errors ?? []).map((error) => error.extensions?.code);
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(code).toBe("UNAUTHENTICATED");
      expect((await stack.adsApi.requests.counts()).total).toBe(0);
    });

    it("a revoked session", async () => {
      const token = await newSession();
      const session = await stack.facade.services.sessions.resolve(token);
      if (session === null) throw new Error("the new session does not resolve");
      await stack.facade.services.sessions.revoke(session.id, "logout");
      await stack.adsApi.requests.reset();
      const answer = await stack.post({ query: VIEWER }, { authorization: `Bearer ${token}` });
      expectQueryRefused(answer);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
      expect((await stack.adsApi.requests.counts()).total).toBe(0);
    });
  });

  describe("POST /auth/logout as a cross-site page could send it: refused, the session lives", () => {
    it.each(SIMPLE_POSTS)("$label", async ({ headers, body }) => {
      const token = await newSession();
      await stack.adsApi.requests.reset();
      const response = await fetch(`${stack.facade.origin}/auth/logout`, {
        method: "POST",
        headers: {
          ...headers,
          cookie: `${SESSION_COOKIE}=${token}`,
          origin: "https://evil.example",
        },
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(
        (await stack.adsApi.requests.counts()).total,
        "the upstream token was invalidated",
      ).toBe(0);
      expect(await viewerOf(token)).toEqual({ viewer: { userId: DEMO.user.id } });
    });

    it("signs out when the request could not come from a form (application/json)", async () => {
      const token = await newSession();
      const response = await fetch(`${stack.facade.origin}/auth/logout`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${token}` },
        body: "{}",
      });
      expect(response.status).toBe(200);
      expect(await viewerOf(token)).toEqual({ viewer: null });
    });
  });

  describe("/graphql as a cross-site page could send it: refused, nothing runs", () => {
    it.each(SIMPLE_POSTS.filter((post) => post.body !== undefined))(
      "a mutation as $label",
      async ({ headers }) => {
        const token = await newSession();
        await stack.adsApi.requests.reset();
        const response = await fetch(stack.facade.url, {
          method: "POST",
          headers: { ...headers, cookie: `${SESSION_COOKIE}=${token}` },
          body: JSON.stringify({
            query: `mutation { updateAccount(input: { accountId: "${globalId("Account", A)}", name: "CSRF" }) { __typename } }`,
          }),
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect((await stack.adsApi.requests.counts()).total).toBe(0);
      },
    );

    it("a GET query without a preflight header", async () => {
      const token = await newSession();
      await stack.adsApi.requests.reset();
      const response = await fetch(`${stack.facade.url}?query=${encodeURIComponent(VIEWER)}`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      expect(response.status).toBe(400);
      expect((await stack.adsApi.requests.counts()).total).toBe(0);
    });
  });

  it("changed nothing upstream", async () => {
    expect(await upstreamDigest(stack.adsApi)).toBe(before);
  });

  it("logged no stack trace, no 500 and no credential, in either server", () => {
    const secrets = [
      DEMO.accessToken.token,
      DEMO.accessToken.secret,
      DEMO.app.consumerSecret,
      stack.sessionToken,
    ];
    expectCleanLogs(stack.facadeLogs(), secrets);
    expectCleanLogs(stack.adsApiLogs(), secrets);
  });
});
