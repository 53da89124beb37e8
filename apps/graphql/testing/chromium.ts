import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (scripts/ensure-chromium.sh installs it); Playwright's download is offline-broken. */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Headless Chromium that can reach loopback only: every other host fails to resolve, and the
 * flags stop Chromium's own background traffic (see docs/architecture.md "Tests").
 */
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

/** True for loopback URLs and for the page's own inline data (blob:, data:). */
export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "blob:" || protocol === "data:") return true;
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]";
}
