import { DEMO } from "@adsgraph/ads-api";
import { approveAndReadPin } from "@adsgraph/ads-api/testing";
import { startCli } from "./cli.js";
import type { CliResult } from "./cli.js";

/**
 * `adsgraph login [args]` as a person runs it: read the authorize URL it prints, approve on the
 * page as the demo user (as a browser would), type the PIN.
 */
export async function loginWithPin(
  args: readonly string[],
  options: { configDir: string; env?: Record<string, string> },
): Promise<CliResult & { authorizeUrl: string }> {
  const running = startCli(["login", "--no-browser", ...args], options);
  const [authorizeUrl = ""] = await running.waitFor(
    "stderr",
    /https?:\/\/\S+\/oauth\/(?:authorize|authenticate)\?oauth_token=\S+/,
  );
  const pin = await approveAndReadPin(authorizeUrl, DEMO.user);
  running.write(`${pin}\n`);
  return { ...(await running.exited), authorizeUrl };
}
