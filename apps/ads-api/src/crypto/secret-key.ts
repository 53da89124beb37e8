import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateKeyText, parseKeyring } from "@adsgraph/storage";
import type { SecretKey } from "@adsgraph/storage";

export interface KeyringSource {
  /** ADS_API_SECRET_KEY, when set: a keyring (comma-separated keys, the current one first). */
  readonly value: string | undefined;
  /** Where a generated key is kept when no value is set (git-ignored `.data/`). */
  readonly file: string;
  readonly notice: (message: string) => void;
}

/**
 * The keyring that encrypts secrets at rest (AES-256-GCM through @adsgraph/storage's secret
 * box): from the environment, else from the key file, else a new key written to the key file
 * (mode 0600) with a printed notice. Losing the file makes the stored secrets unreadable, so it
 * is never regenerated while it exists.
 */
export function resolveKeyring(source: KeyringSource): SecretKey[] {
  if (source.value !== undefined) {
    try {
      return parseKeyring(source.value);
    } catch (error) {
      throw new Error(`ADS_API_SECRET_KEY: ${(error as Error).message}`, { cause: error });
    }
  }
  if (existsSync(source.file)) {
    try {
      return parseKeyring(readFileSync(source.file, "utf8"));
    } catch (error) {
      throw new Error(`${source.file}: ${(error as Error).message}`, { cause: error });
    }
  }
  const text = generateKeyText();
  mkdirSync(path.dirname(source.file), { recursive: true });
  writeFileSync(source.file, `${text}\n`, { mode: 0o600 });
  source.notice(
    `ADS_API_SECRET_KEY is unset: generated a key for secrets at rest in ${source.file} (keep it; set ADS_API_SECRET_KEY in production)`,
  );
  return parseKeyring(text);
}
