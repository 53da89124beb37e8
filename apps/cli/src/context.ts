import type { Readable, Writable } from "node:stream";
import type { CredentialStore } from "./credentials/credential-store.js";
import type { FacadeSession } from "./credentials/credentials.js";
import type { CliEnv } from "./env.js";
import { CLI_ERROR_CODES, CliError } from "./errors.js";
import { facadeBaseUrl } from "./facade/facade-http.js";

/** What every command is given: its environment, the credentials and the standard streams. */
export interface CliContext {
  readonly env: CliEnv;
  readonly store: CredentialStore;
  readonly stdin: Readable & { isTTY?: boolean };
  /** Results: JSON, tables, "signed in as". */
  readonly stdout: Writable;
  /** Prompts, instructions, progress and errors. */
  readonly stderr: Writable & { isTTY?: boolean };
}

/** The default facade: what `pnpm start` runs. */
export const DEFAULT_FACADE_URL = "http://127.0.0.1:4000";

/** The facade named by `--url` or ADSGRAPH_URL, if any. */
export function explicitFacadeUrl(
  context: CliContext,
  url: string | undefined,
): string | undefined {
  const given = url ?? context.env.facadeUrl;
  return given === undefined ? undefined : facadeBaseUrl(given);
}

/**
 * The stored facade session, and the base URL to use it at. The token is only ever sent to the
 * facade that issued it: a `--url` naming another one is refused rather than sent the token.
 */
export async function requireFacadeSession(
  context: CliContext,
  url: string | undefined,
): Promise<FacadeSession> {
  const { facade } = await context.store.load();
  if (facade === undefined) {
    throw new CliError(CLI_ERROR_CODES.NOT_SIGNED_IN, "not signed in: run `adsgraph login`");
  }
  const explicit = explicitFacadeUrl(context, url);
  if (explicit !== undefined && explicit !== facade.url) {
    throw new CliError(
      CLI_ERROR_CODES.NOT_SIGNED_IN,
      `not signed in to ${explicit} (signed in to ${facade.url}): run \`adsgraph login --url ${explicit}\``,
    );
  }
  return facade;
}
