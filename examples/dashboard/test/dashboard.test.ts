import path from "node:path";
import { createApp, DEMO } from "@adsgraph/ads-api";
import { freePort, simulateActivity, startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import {
  browserSteps,
  isLoopback,
  launchLoopbackOnlyChromium,
  STACK_ENGINE,
  startFacade,
} from "@adsgraph/graphql/testing";
import type { RunningFacade } from "@adsgraph/graphql/testing";
import type { Browser, Page } from "playwright-core";
import { build, preview, type PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardConfig } from "../vite.config.js";
import { SCREENSHOTS_DIR } from "./support/browser.js";

/** Every wait of the visit: long, as the machine may be loaded; each one polls. */
const TIMEOUT = 60_000;
const ACCOUNT = DEMO.accounts[0];

/**
 * Issue 32: a person's whole visit to the dashboard, built as it ships (`vite build`) and
 * served by `vite preview` on the facade's public origin, against ads-api with its demo data
 * and the facade, in headless Chromium that reaches loopback only.
 */
describe("dashboard in a browser", () => {
  let adsApi: StartedAdsApi;
  let facade: RunningFacade;
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  let origin: string;
  const blocked: string[] = [];
  /** What beforeAll started, closed in reverse order even when a later start failed. */
  const started: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const serving = {
      port,
      facadeUrl: "",
      outDir: path.resolve(import.meta.dirname, "..", ".cache", "test-dist"),
    };
    // The build runs while the servers start.
    const built = build({ ...dashboardConfig(serving), configFile: false, logLevel: "error" });
    adsApi = await startAdsApi({ engine: STACK_ENGINE, activityAdmin: true });
    started.push(() => adsApi.close());
    // The facade's app on the service calls back to the dashboard's origin, its public URL.
    const app = await createApp(adsApi.server.ctx.prisma, adsApi.server.ctx.box, {
      name: "adsgraph dashboard (browser test)",
      ownerId: DEMO.user.id,
      callbackUrls: [`${origin}/auth/callback`],
      signInWith: true,
    });
    facade = await startFacade({
      env: {
        ...adsApi.env,
        GRAPHQL_PUBLIC_URL: origin,
        DEV_SESSION: "false",
        FACADE_CONSUMER_KEY: app.consumerKey,
        FACADE_CONSUMER_SECRET: app.consumerSecret,
      },
    });
    started.push(() => facade.close());
    await built;
    server = await preview({
      ...dashboardConfig({ ...serving, facadeUrl: facade.origin }),
      configFile: false,
      logLevel: "warn",
    });
    started.push(() => server.close());
    browser = await launchLoopbackOnlyChromium();
    started.push(() => browser.close());
    const context = await browser.newContext();
    context.setDefaultTimeout(TIMEOUT);
    context.setDefaultNavigationTimeout(TIMEOUT);
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

  it("signs in, pages campaigns with a week of delivery each, edits one with inline errors, pauses it, and sees live activity", async () => {
    const step = browserSteps(page, "dashboard", SCREENSHOTS_DIR);
    const campaigns = page.getByRole("list", { name: "Campaigns" }).getByRole("listitem");
    const row = (name: string) => page.getByRole("listitem", { name, exact: true });
    /** The campaign ids each delivery query asked for, in order. */
    const deliveryRequests: string[][] = [];
    page.on("request", (request) => {
      if (request.method() !== "POST" || !request.url().endsWith("/graphql")) return;
      const body = request.postDataJSON() as {
        operationName?: string;
        variables?: { ids?: string[] };
      } | null;
      if (body?.operationName === "DashboardCampaignDelivery") {
        deliveryRequests.push(body.variables?.ids ?? []);
      }
    });

    await step("signed out: the dashboard offers the facade's sign-in", async () => {
      await page.goto(origin);
      await page.getByRole("link", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${adsApi.urls.base}/oauth/`));
    });

    await step("approve on the service's page and come back signed in", async () => {
      await page.getByLabel("Screen name").fill(DEMO.user.screenName);
      await page.getByLabel("Password").fill(DEMO.user.password);
      await page.getByRole("button", { name: "Authorize app" }).click();
      await page.waitForURL(`${origin}/`);
      await expect.poll(() => page.locator("header").innerText()).toContain(DEMO.user.screenName);
    });

    await step(
      "open an account: its first page of campaigns, then the rest with load more",
      async () => {
        await page.getByRole("button", { name: ACCOUNT.name }).click();
        await expect.poll(() => campaigns.count()).toBe(2);
        const loadMore = page.getByRole("button", { name: "Load more" });
        await loadMore.click();
        await expect.poll(() => campaigns.count()).toBe(4);
        while (await loadMore.isVisible()) {
          const before = await campaigns.count();
          await loadMore.click();
          await expect.poll(() => campaigns.count()).toBeGreaterThan(before);
        }
        const names = await page.locator(".campaign-name").allInnerTexts();
        expect(names).toEqual(
          expect.arrayContaining(["Spring launch", "Retargeting", "Holiday promo"]),
        );
        expect(new Set(names).size).toBe(names.length);
      },
    );

    await step(
      "each campaign shows a week of impressions and spend, its numbers in a table",
      async () => {
        const spring = row("Spring launch");
        const chart = spring.getByRole("img", {
          name: "Impressions and spend of Spring launch, last 7 days",
        });
        await chart.waitFor();
        const describedBy = (await chart.getAttribute("aria-describedby")) ?? "";
        await expect
          .poll(() => page.locator(`[id="${describedBy}"]`).textContent())
          .toMatch(
            /^[\d,]+ impressions and \d+\.\d{2,6} USD spent from \d{4}-\d\d-\d\d \d\d:00 UTC, by day\.$/,
          );
        // Every campaign on screen has its chart, from one query for all of them.
        await expect
          .poll(() => page.getByRole("img", { name: /^Impressions and spend of / }).count())
          .toBe(await campaigns.count());
        expect(deliveryRequests.at(-1)).toHaveLength(await campaigns.count());

        await spring.getByText("Numbers").click();
        const table = spring.getByRole("table", {
          name: /^Impressions and spend of Spring launch/,
        });
        await expect.poll(() => table.locator("tbody tr").count()).toBe(7);
        const [impressions = "", spend = ""] = await table.locator("tfoot td").allInnerTexts();
        // The demo account's active campaigns deliver (ads-api's seed and simulation).
        expect(Number(impressions.replaceAll(",", ""))).toBeGreaterThan(0);
        expect(spend).toMatch(/^\d+\.\d{2,6}$/);
        // A campaign paused since it was made delivered nothing: its chart says so.
        await expect
          .poll(() => row("Retargeting").locator("svg .empty").textContent())
          .toBe("No delivery");
      },
    );

    await step("a refused edit shows each field's violation beside the field", async () => {
      await row("Retargeting").getByRole("button", { name: "Edit" }).click();
      const form = page.getByRole("form", { name: "Edit Retargeting" });
      await form.getByLabel("Name").fill("x".repeat(300));
      await form.getByLabel(/Daily budget/).fill("99999");
      await form.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => form.locator('[data-field="name"]').innerText()).toContain("255");
      await expect.poll(() => form.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    });

    await step("a valid edit saves and the row shows the new name and budget", async () => {
      const form = page.getByRole("form", { name: "Edit Retargeting" });
      await form.getByLabel("Name").fill("Retargeting (spring)");
      await form.getByLabel(/Daily budget/).fill("30");
      await form.getByRole("button", { name: "Save" }).click();
      await form.waitFor({ state: "detached" });
      await expect.poll(() => row("Retargeting (spring)").innerText()).toContain("30.00 USD/day");
    });

    await step("activate, then pause again", async () => {
      const campaign = row("Retargeting (spring)");
      await expect.poll(() => campaign.locator(".badge").innerText()).toBe("PAUSED");
      await campaign.getByRole("button", { name: "Activate" }).click();
      await expect.poll(() => campaign.locator(".badge").innerText()).toBe("ACTIVE");
      await campaign.getByRole("button", { name: "Pause" }).click();
      await expect.poll(() => campaign.locator(".badge").innerText()).toBe("PAUSED");
    });

    await step("the activity feed shows an event as it happens", async () => {
      // What the user sees: the feed says live only after the server's first message.
      const feed = page.getByRole("complementary", { name: "Activity" });
      await expect.poll(() => feed.locator(".badge").innerText()).toBe("live");
      await simulateActivity(adsApi.urls.base, {
        event_type: "profile.update.bio",
        user_id: DEMO.user.id,
        bio: "written while the dashboard watched",
      });
      await expect
        .poll(() => feed.innerText())
        .toContain("bio: written while the dashboard watched");
    });

    expect(blocked).toEqual([]);
  }, 300_000);
});
