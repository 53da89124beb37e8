import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFacade, type RunningFacade } from "./support/facade.js";
import { isLoopback, launchLoopbackOnlyChromium } from "./support/chromium.js";

const SCREENSHOT = path.resolve(import.meta.dirname, "..", ".cache", "playground.png");

describe("offline playground at GET /graphql", () => {
  let facade: RunningFacade;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    facade = await startFacade();
    url = facade.url;
    browser = await launchLoopbackOnlyChromium();
  });
  afterAll(async () => {
    await browser.close();
    await facade.close();
  });

  it("serves GraphiQL with every asset inline", async () => {
    const response = await fetch(url, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("YogaGraphiQL.renderYogaGraphiQL");
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });

  it("renders in headless Chromium with non-loopback hosts blocked, and runs a query", async () => {
    const page = await browser.newPage();
    const blocked: string[] = [];
    await page.route("**/*", (route) => {
      if (isLoopback(route.request().url())) return route.continue();
      blocked.push(route.request().url());
      return route.abort();
    });

    await page.goto(url);
    await page.locator(".graphiql-execute-button").waitFor({ timeout: 20_000 });
    const answer = page.waitForResponse(
      (response) => response.url() === url && response.request().method() === "POST",
    );
    await page.locator(".graphiql-execute-button").click();
    const body = (await (await answer).json()) as unknown;
    expect(body).toEqual({ data: { health: "ok" } });
    await page.getByText('"health": "ok"').waitFor({ timeout: 10_000 });

    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    console.info(`[playground] screenshot: ${SCREENSHOT}`);
    expect(blocked).toEqual([]);
    await page.close();
  });
});
