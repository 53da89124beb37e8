import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createSecretBox, generateKeyText, parseKeyring, type SecretBox } from "@adsgraph/storage";
import type { Env } from "../env.js";

/**
 * The box that seals upstream credentials at rest. Keys come from SESSION_ENCRYPTION_KEYS; when
 * unset (development), a key is generated once into SESSION_ENCRYPTION_KEYS_FILE (git-ignored)
 * so that sessions survive restarts. Production must set the variable (docs/operations.md "Sessions").
 */
export function loadSecretBox(env: Env, log: (message: string) => void): SecretBox {
  if (env.SESSION_ENCRYPTION_KEYS)
    return createSecretBox(parseKeyring(env.SESSION_ENCRYPTION_KEYS));
  if (process.env.NODE_ENV === "production") {
    throw new Error("SESSION_ENCRYPTION_KEYS: required when NODE_ENV=production");
  }
  const file = env.SESSION_ENCRYPTION_KEYS_FILE;
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${generateKeyText()}\n`, { mode: 0o600 });
    log(`generated a development session encryption key in ${file}`);
  }
  return createSecretBox(parseKeyring(readFileSync(file, "utf8").trim()));
}
