import type { Page } from "playwright-core";

/**
 * Drives the playground's GraphiQL (5, Monaco editors) as a person does: types into the query
 * editor, clicks the run button, reads the result pane. Waits poll up to `timeout` (generous:
 * the page is 9 MB of inline script and the machine may be busy), never a fixed sleep.
 */
export interface GraphiQL {
  /** Waits until the query editor and the run button are on the page. */
  ready(): Promise<void>;
  /** Replaces the query editor's text with `query`, typed. */
  type(query: string): Promise<void>;
  /** Clicks the run button once it offers to run (not ■ of a running operation). */
  run(): Promise<void>;
  /** Waits until the run button is ■ (`Stop`: an operation runs) or ▶ (`Execute`: idle). */
  runButton(state: "Stop" | "Execute"): Promise<void>;
  /** Waits until the result pane's text contains every one of `parts`; answers that text. */
  resultContaining(...parts: string[]): Promise<string>;
  /** The result pane's text now. */
  result(): Promise<string>;
}

const QUERY_EDITOR = ".graphiql-query-editor .monaco-editor";
const RESULT_LINES = ".graphiql-response .view-lines";
const RUN_BUTTON = ".graphiql-execute-button";

export function graphiql(page: Page, timeout = 60_000): GraphiQL {
  const result = () =>
    page.evaluate(
      // Monaco draws spaces as U+00A0.
      (selector) =>
        (document.querySelector<HTMLElement>(selector)?.innerText ?? "").replace(/\u00a0/g, " "),
      RESULT_LINES,
    );
  const runButton = async (state: "Stop" | "Execute") => {
    await page.locator(`${RUN_BUTTON}[aria-label^="${state} "]`).waitFor({ timeout });
  };
  return {
    async ready() {
      await page.locator(RUN_BUTTON).waitFor({ timeout });
      await page.locator(QUERY_EDITOR).waitFor({ timeout });
    },
    async type(query) {
      await page.locator(QUERY_EDITOR).click({ timeout });
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Delete");
      // One input event, as a paste: Monaco's bracket auto-closing acts on single keys only.
      await page.keyboard.insertText(query);
      // GraphiQL takes an edit in after a debounce (the operation to run among it); the
      // playground then mirrors the query into the address (`?query=`). A click before that
      // runs the previous document's operation ("Cannot infer operation Example").
      await page.waitForFunction(
        (typed) => new URL(location.href).searchParams.get("query") === typed,
        query,
        { timeout, polling: 100 },
      );
    },
    async run() {
      await runButton("Execute");
      await page.locator(RUN_BUTTON).click({ timeout });
    },
    runButton,
    async resultContaining(...parts) {
      try {
        await page.waitForFunction(
          ({ selector, parts }) => {
            const text = document.querySelector<HTMLElement>(selector)?.innerText ?? "";
            return parts.every((part) => text.replace(/\u00a0/g, " ").includes(part));
          },
          { selector: RESULT_LINES, parts },
          { timeout, polling: 100 },
        );
      } catch (error) {
        const shown = await result().catch(() => "(unreadable)");
        throw new Error(
          `the result pane never showed ${JSON.stringify(parts)}; it shows: ${shown}`,
          {
            cause: error,
          },
        );
      }
      return result();
    },
    result,
  };
}
