import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium (scripts/ensure-chromium.sh installs it for `pnpm check`). */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Where a failed step leaves its screenshot and HTML (under the ignored `.cache/`). */
export const SCREENSHOTS_DIR = path.resolve(
  import.meta.dirname,
  "..",
  "..",
  ".cache",
  "test-results",
  "screenshots",
);

/** Headless Chromium that resolves loopback only (see apps/graphql/test/support/chromium.ts). */
export function launchLoopbackOnlyChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    ],
  });
}

/** True for loopback URLs and the page's own inline data (blob:, data:). */
export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "blob:" || protocol === "data:") return true;
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]";
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** One named step of a browser visit. */
export type Step = <T>(name: string, run: () => Promise<T>) => Promise<T>;

/**
 * Runs named steps on `page`; a step that throws leaves `<test>--<step>.png` and `.html` in
 * SCREENSHOTS_DIR and fails with the step's name and those paths.
 */
export function browserSteps(page: Page, test: string): Step {
  return async (name, run) => {
    try {
      return await run();
    } catch (error) {
      const base = path.join(SCREENSHOTS_DIR, `${slug(test)}--${slug(name)}`);
      await mkdir(SCREENSHOTS_DIR, { recursive: true });
      const notes: string[] = [];
      try {
        await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 30_000 });
        await writeFile(`${base}.html`, `<!-- ${page.url()} -->\n${await page.content()}`);
        notes.push(`screenshot: ${base}.png`);
      } catch (captureError) {
        notes.push(`no screenshot: ${String(captureError)}`);
      }
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`step "${name}" failed (${notes.join(", ")}): ${message}`, { cause: error });
    }
  };
}
