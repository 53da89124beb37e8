import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";

/** `Sign in: approve` → `sign-in-approve`: a file name on every system. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** One step of a browser test; a failure carries the step's name and its artifacts' paths. */
export type Step = <T>(name: string, run: () => Promise<T>) => Promise<T>;

/**
 * Runs named steps of one browser test on `page`. When a step throws, a full-page screenshot
 * and the page's HTML are written to `<screenshotsDir>/<test>--<step>.{png,html}` (a package's
 * ignored `.cache/test-results/screenshots`) and the
 * error is thrown again with the step and those paths in its message (the original as cause).
 * A page that cannot be captured (closed, crashed) is said so, never hides the first error.
 */
export function browserSteps(page: Page, test: string, screenshotsDir: string): Step {
  return async (name, run) => {
    try {
      return await run();
    } catch (error) {
      const base = path.join(screenshotsDir, `${slug(test)}--${slug(name)}`);
      const saved = await capture(page, base);
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`step "${name}" failed (${saved}): ${message}`, { cause: error });
    }
  };
}

async function capture(page: Page, base: string): Promise<string> {
  const notes: string[] = [];
  await mkdir(path.dirname(base), { recursive: true });
  try {
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 60_000 });
    notes.push(`screenshot: ${base}.png`);
  } catch (error) {
    notes.push(`no screenshot: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await writeFile(`${base}.html`, `<!-- ${page.url()} -->\n${await page.content()}`);
    notes.push(`html: ${base}.html`);
  } catch (error) {
    notes.push(`no html: ${error instanceof Error ? error.message : String(error)}`);
  }
  return notes.join(", ");
}
