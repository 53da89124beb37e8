import { mkdir, open, unlink } from "node:fs/promises";
import path from "node:path";
import { writeAtomically } from "@adsgraph/rest-client";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { credentialsSchema, NO_CREDENTIALS } from "./credentials.js";
import type { Credentials } from "./credentials.js";

/**
 * Where credentials are kept. The file store below is the only one today; an OS keychain
 * (macOS Keychain, libsecret, Windows Credential Manager) would be another implementation of
 * this interface, chosen in `main.ts` when one is available (docs/cli.md).
 */
export interface CredentialStore {
  /** What to show the user: a path, or a keychain entry's name. */
  readonly location: string;
  /** The stored credentials; none stored reads as `NO_CREDENTIALS`. */
  load(): Promise<Credentials>;
  /** Replaces what is stored; credentials with neither part are deleted. */
  save(credentials: Credentials): Promise<void>;
}

export const CREDENTIALS_FILE = "credentials.json";

/** Permission bits for group and others: any of them set lets another user read the file. */
const OTHERS = 0o077;

const mode = (bits: number) => `0${(bits & 0o777).toString(8)}`;

/**
 * Credentials in `<dir>/credentials.json`, written with mode 0600 in a directory created with
 * 0700. Like ssh with a private key, a file that others could read (or that another user owns)
 * is refused, not used: its secrets may already have leaked.
 */
export function fileCredentialStore(
  dir: string,
  checkPermissions = process.platform !== "win32",
): CredentialStore {
  const file = path.join(dir, CREDENTIALS_FILE);
  return {
    location: file,
    async load() {
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return NO_CREDENTIALS;
        throw new CliError(
          CLI_ERROR_CODES.CREDENTIALS_FILE,
          `cannot read ${file}: ${(error as Error).message}`,
        );
      }
      try {
        const info = await handle.stat();
        if (checkPermissions && (info.mode & OTHERS) !== 0) {
          throw new CliError(
            CLI_ERROR_CODES.CREDENTIALS_FILE,
            `${file} can be read by other users (mode ${mode(info.mode)}); refusing to use it: run \`chmod 600 ${file}\` if only you could read it so far, else \`adsgraph logout --all\` and sign in again`,
          );
        }
        const uid = process.getuid?.();
        if (checkPermissions && uid !== undefined && info.uid !== uid) {
          throw new CliError(
            CLI_ERROR_CODES.CREDENTIALS_FILE,
            `${file} belongs to another user (uid ${info.uid}); refusing to use it`,
          );
        }
        const text = await handle.readFile("utf8");
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const parsed = credentialsSchema.safeParse(json);
        if (!parsed.success) {
          throw new CliError(
            CLI_ERROR_CODES.CREDENTIALS_FILE,
            `${file} is not a credentials file of this version; remove it and sign in again`,
          );
        }
        return parsed.data;
      } finally {
        await handle.close();
      }
    },
    async save(credentials) {
      if (credentials.facade === undefined && credentials.api === undefined) {
        await unlink(file).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        });
        return;
      }
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeAtomically(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    },
  };
}
