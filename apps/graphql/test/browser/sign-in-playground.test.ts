import path from "node:path";
import { createApp, DEMO } from "@adsgraph/ads-api";
import { freePort, startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import type { Browser, BrowserContext, Page, Request, WebSocket } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserSteps,
  isLoopback,
  launchLoopbackOnlyChromium,
  STACK_ENGINE,
  startFacade,
} from "../../testing/index.js";
import type { RunningFacade } from "../../testing/index.js";
import { act } from "../support/activity-clients.js";
import { graphiql } from "../support/graphiql.js";

/** Where a failed step leaves its screenshot and HTML (scripts/clear-test-results.mjs empties it). */
const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, "../../.cache/test-results/screenshots");

/** Every wait of the test: long, as the machine may be loaded; each one polls. */
const TIMEOUT = 60_000;
const SESSION_COOKIE = "adsgraph_session";
/** GraphiQL sends documents with the ignored characters stripped: compare without blanks. */
const compact = (text: string) => text.replace(/\s+/g, "");

/**
 * Issue 20: a person's whole visit, in one headless Chromium context that reaches loopback
 * only. The facade runs with DEV_SESSION=false and no playground headers, so the only
 * credential the browser can hold is the session cookie the sign-in sets.
 */
describe("browser: sign in, use the playground, sign out", () => {
  let adsApi: StartedAdsApi;
  let facade: RunningFacade;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const blocked: string[] = [];
  /** What beforeAll started, closed in reverse order even when a later start failed. */
  const started: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: STACK_ENGINE, activityAdmin: true });
    started.push(() => adsApi.close());
    // The facade's own app on the service, with this facade's callback URL.
    const port = await freePort();
    const app = await createApp(adsApi.server.ctx.prisma, adsApi.server.ctx.box, {
      name: "adsgraph facade (browser test)",
      ownerId: DEMO.user.id,
      callbackUrls: [`http://127.0.0.1:${port}/auth/callback`],
      signInWith: true,
    });
    facade = await startFacade({
      env: {
        ...adsApi.env,
        GRAPHQL_PORT: String(port),
        // No dev session: the playground holds no header, the cookie is the only credential.
        DEV_SESSION: "false",
        FACADE_CONSUMER_KEY: app.consumerKey,
        FACADE_CONSUMER_SECRET: app.consumerSecret,
      },
    });
    started.push(() => facade.close());
    browser = await launchLoopbackOnlyChromium();
    started.push(() => browser.close());
    context = await browser.newContext();
    context.setDefaultTimeout(TIMEOUT);
    // The 9 MB playground page takes a while to load on a busy machine.
    context.setDefaultNavigationTimeout(2 * TIMEOUT);
    await context.route("**/*", (route) => {
      if (isLoopback(route.request().url())) return route.continue();
      blocked.push(route.request().url());
      return route.abort();
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    for (const close of started.reverse()) await close();
  });

  it("signs in on the service's page, queries and subscribes with the cookie, then signs out", async () => {
    const step = browserSteps(page, "sign-in-playground", SCREENSHOTS_DIR);
    const playground = graphiql(page, TIMEOUT);
    const isGraphQLPost = (request: Request) =>
      request.url() === facade.url && request.method() === "POST";
    // What GraphiQL sends over its WebSocket: the session must come from the upgrade's cookie.
    const sentFrames: string[] = [];
    page.on("websocket", (socket: WebSocket) => {
      socket.on("framesent", (frame) => sentFrames.push(String(frame.payload)));
    });

    await step("open /auth/login and land on the service's authorize page", async () => {
      await page.goto(`${facade.origin}/auth/login`);
      await page.waitForURL((url) => url.href.startsWith(`${adsApi.urls.base}/oauth/`));
      await page.getByRole("button", { name: "Authorize app" }).waitFor();
    });

    await step("sign in as the demo user and approve", async () => {
      await page.getByLabel("Screen name").fill(DEMO.user.screenName);
      await page.getByLabel("Password").fill(DEMO.user.password);
      await page.getByRole("button", { name: "Authorize app" }).click();
      // The callback sets the cookie and sends the browser on to the playground.
      await page.waitForURL(facade.url);
    });

    await step("the callback set an HttpOnly session cookie", async () => {
      const cookies = await context.cookies(facade.origin);
      const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(session?.value).toMatch(/\S/);
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe("Lax");
      // HttpOnly: the page's scripts cannot read it.
      expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
      // The sign-in's own binding cookie is spent.
      expect(cookies.map((cookie) => cookie.name)).not.toContain("adsgraph_login");
    });

    await step("run a typed query in the playground: the signed-in user answers", async () => {
      await playground.ready();
      await playground.type("{ viewer { userId screenName } }");
      const sent = page.waitForRequest(isGraphQLPost);
      await playground.run();
      const request = await sent;
      const { query } = request.postDataJSON() as { query: string };
      expect(compact(query)).toBe(compact("{ viewer { userId screenName } }"));
      // The cookie made it: no Authorization header (no dev session in this page).
      const headers = await request.allHeaders();
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie).toContain(`${SESSION_COOKIE}=`);
      await playground.resultContaining(
        `"userId": "${DEMO.user.id}"`,
        `"screenName": "${DEMO.user.screenName}"`,
      );
    });

    await step("subscribe to activityEvents and see an event about the user arrive", async () => {
      const subscription =
        "subscription { activityEvents { __typename ... on ActivityEvent { rawId type forUserId } } }";
      await playground.type(subscription);
      await playground.run();
      await playground.runButton("Stop");
      // Subscribed upstream and connected: an event recorded from now on reaches it.
      await expect
        .poll(() => facade.services.activity.stats().live, {
          message: "the subscription is live",
          timeout: TIMEOUT,
        })
        .toBe(1);
      const ids = await act(adsApi, {
        event_type: "profile.update.bio",
        user_id: DEMO.user.id,
        bio: "written while a browser watched",
      });
      expect(ids).toHaveLength(1);
      await playground.resultContaining(
        `"rawId": "${ids.join()}"`,
        '"type": "PROFILE_UPDATE_BIO"',
        `"forUserId": "${DEMO.user.id}"`,
      );
      const init = sentFrames.find((frame) => frame.includes('"connection_init"'));
      expect(init).toBeDefined();
      expect(init?.toLowerCase()).not.toContain("authorization");
      expect(sentFrames.some((frame) => compact(frame).includes(compact(subscription)))).toBe(true);
    });

    await step("sign out: the cookie is gone and the subscription ends", async () => {
      // The playground's own "Sign out" button (a JSON POST of the facade's page).
      const loggedOut = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/auth/logout",
      );
      await page.getByRole("button", { name: "Sign out" }).click();
      const response = await loggedOut;
      expect({ status: response.status(), body: (await response.json()) as unknown }).toEqual({
        status: 200,
        body: { signed_out: true },
      });
      await page.getByRole("button", { name: "Signed out" }).waitFor({ timeout: 60_000 });
      const names = (await context.cookies(facade.origin)).map((cookie) => cookie.name);
      expect(names).not.toContain(SESSION_COOKIE);
      // The ended session closes its WebSocket (4401): GraphiQL's subscription stops.
      await expect
        .poll(() => facade.services.activity.stats().subscribers, {
          message: "the subscription ended",
          timeout: TIMEOUT,
        })
        .toBe(0);
      await playground.runButton("Execute");
    });

    await step("the playground's next query is refused as unauthenticated", async () => {
      await playground.type("{ viewer { screenName } }");
      const answered = page.waitForResponse((response) => isGraphQLPost(response.request()));
      await playground.run();
      const response = await answered;
      const body = (await response.json()) as {
        data?: unknown;
        errors?: { extensions?: { code?: string } }[];
      };
      expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
      expect((await response.request().allHeaders()).cookie ?? "").not.toContain(
        `${SESSION_COOKIE}=`,
      );
      const shown = await playground.resultContaining('"code": "UNAUTHENTICATED"');
      expect(shown).not.toContain(DEMO.user.screenName);
    });

    expect(blocked).toEqual([]);
  }, 600_000);
});
