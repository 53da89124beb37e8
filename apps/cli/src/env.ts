import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** What the command reads from its environment, once (docs/cli.md). */
export interface CliEnv {
  /** ADSGRAPH_URL: the facade, when no `--url` is given. */
  readonly facadeUrl: string | undefined;
  /** Where credentials and upload progress live. */
  readonly configDir: string;
  /** ADSGRAPH_CONSUMER_KEY / _SECRET: the app of `login --api`. */
  readonly consumerKey: string | undefined;
  readonly consumerSecret: string | undefined;
  /**
   * ADSGRAPH_ACCESS_TOKEN / _SECRET: a user's ads API token for uploads, with the app above,
   * instead of the one `login --api` stored (scripts, CI: no PIN sign-in).
   */
  readonly accessToken: { readonly token: string; readonly tokenSecret: string } | undefined;
  /** ADS_API_BASE_URL / ADS_API_ADS_URL: the ads API of `login --api` (same names as the apps'). */
  readonly apiBaseUrl: string | undefined;
  readonly apiAdsUrl: string | undefined;
  /** ADSGRAPH_DEBUG=1: as `--debug`. */
  readonly debug: boolean;
  /** Whether a browser can be opened here at all (a desktop session). */
  readonly desktop: boolean;
}

const url = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).optional();
const text = z.string().min(1).optional();

const schema = z.object({
  ADSGRAPH_URL: url,
  ADSGRAPH_CONFIG_DIR: text,
  XDG_CONFIG_HOME: text,
  ADSGRAPH_CONSUMER_KEY: text,
  ADSGRAPH_CONSUMER_SECRET: text,
  ADSGRAPH_ACCESS_TOKEN: text,
  ADSGRAPH_ACCESS_TOKEN_SECRET: text,
  ADS_API_BASE_URL: url,
  ADS_API_ADS_URL: url,
  ADSGRAPH_DEBUG: z.enum(["0", "1", "true", "false"]).optional(),
  DISPLAY: text,
  WAYLAND_DISPLAY: text,
});

/** Empty variables count as unset (`FOO= adsgraph …`). */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => (entry[1] ?? "") !== ""),
  );
}

/** An access token in the environment signs only with its secret and the app's key and secret. */
const WITH_ACCESS_TOKEN = [
  "ADSGRAPH_ACCESS_TOKEN",
  "ADSGRAPH_ACCESS_TOKEN_SECRET",
  "ADSGRAPH_CONSUMER_KEY",
  "ADSGRAPH_CONSUMER_SECRET",
] as const;

/**
 * Parses the environment; a bad value fails with the variable's name (never its value: four of
 * these are secrets). The config directory is `$ADSGRAPH_CONFIG_DIR`, else
 * `$XDG_CONFIG_HOME/adsgraph`, else `~/.config/adsgraph`.
 */
export function loadCliEnv(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): CliEnv {
  const parsed = schema.safeParse(present(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join(".") ?? "environment"}: ${issue?.message ?? "invalid"}`);
  }
  const values = parsed.data;
  const { ADSGRAPH_ACCESS_TOKEN: token, ADSGRAPH_ACCESS_TOKEN_SECRET: tokenSecret } = values;
  if (token !== undefined || tokenSecret !== undefined) {
    const missing = WITH_ACCESS_TOKEN.filter((name) => values[name] === undefined);
    if (missing.length > 0) {
      throw new Error(
        `${missing.join(", ")}: must be set too (an access token signs with its secret and the app's key and secret)`,
      );
    }
  }
  const configDir =
    values.ADSGRAPH_CONFIG_DIR ??
    path.join(values.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config"), "adsgraph");
  return {
    facadeUrl: values.ADSGRAPH_URL,
    configDir: path.resolve(configDir),
    consumerKey: values.ADSGRAPH_CONSUMER_KEY,
    consumerSecret: values.ADSGRAPH_CONSUMER_SECRET,
    accessToken:
      token === undefined || tokenSecret === undefined ? undefined : { token, tokenSecret },
    apiBaseUrl: values.ADS_API_BASE_URL,
    apiAdsUrl: values.ADS_API_ADS_URL,
    debug: values.ADSGRAPH_DEBUG === "1" || values.ADSGRAPH_DEBUG === "true",
    // On Linux and the BSDs xdg-open with no desktop may start a text browser in this very
    // terminal: open one only where a display server runs.
    desktop:
      platform === "darwin" ||
      platform === "win32" ||
      values.DISPLAY !== undefined ||
      values.WAYLAND_DISPLAY !== undefined,
  };
}
