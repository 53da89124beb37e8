import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";

/** Where a failed step leaves its screenshot and HTML (under the ignored `.cache/`). */
export const SCREENSHOTS_DIR = path.resolve(
  import.meta.dirname,
  "..",
  "..",
  ".cache",
  "test-results",
  "screenshots",
);

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
