import type { CliContext } from "../context.js";
import { openBrowser } from "./open-browser.js";
import { readPin } from "./read-pin.js";

/**
 * Shows the authorize page's URL (and opens it in a browser when a person is at a desktop and
 * did not say `--no-browser`), then reads the PIN the page shows after approval.
 */
export async function askForPin(
  context: CliContext,
  authorizeUrl: string,
  browser: boolean,
): Promise<string> {
  const { stderr } = context;
  stderr.write(
    `Open this page in a browser, sign in and approve, then enter the PIN it shows:\n\n  ${authorizeUrl}\n\n`,
  );
  // A piped stdin means a script or a test, not a person at a desktop.
  if (browser && context.env.desktop && context.stdin.isTTY === true) {
    if (await openBrowser(authorizeUrl)) stderr.write("(opened in your browser)\n");
  }
  return readPin(context.stdin, stderr);
}
