import { spawn } from "node:child_process";

/** The platform's "open this URL" command. */
function opener(url: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === "darwin") return ["open", [url]];
  // `start` is a cmd built-in; its first quoted argument is a window title.
  if (platform === "win32") return ["cmd", ["/c", "start", '""', url.replaceAll("&", "^&")]];
  return ["xdg-open", [url]];
}

/**
 * Asks the desktop to open `url` in a browser, without waiting and never failing: a missing
 * opener (no xdg-open) or one that fails leaves the printed URL to the user. Resolves whether
 * the opener could be started.
 */
export function openBrowser(url: string, platform = process.platform): Promise<boolean> {
  const [command, args] = opener(url, platform);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: "ignore", detached: true });
      child.once("error", () => {
        resolve(false);
      });
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
