import { PGlite } from "@electric-sql/pglite";

/** PostgreSQL settings (`name` → value, as in postgresql.conf) a PGlite starts with. */
export type PGliteSettings = Readonly<Record<string, string>>;

/**
 * What every PGlite this package opens starts with, unless its target overrides a name
 * (docs/operations.md "Memory"). PGlite's own cluster asks for 160 MB of shared buffers, and
 * WebAssembly memory never shrinks: the buffers alone were ~130 MB of each process's resident
 * memory at start. The embedded default holds a few thousand rows; PostgreSQL reads what does
 * not fit through the OS page cache, like any small server.
 */
export const PGLITE_SETTINGS: PGliteSettings = {
  shared_buffers: "16MB",
};

const NAME = /^[a-z_][a-z0-9_.]*$/i;

/**
 * `name=value,name=value` (an app's *_PGLITE_SETTINGS variable) as settings; empty text is none.
 * Throws on an entry that is not `name=value`.
 */
export function parsePGliteSettings(text: string): PGliteSettings {
  const settings: Record<string, string> = {};
  for (const entry of text.split(",")) {
    if (entry.trim() === "") continue;
    const eq = entry.indexOf("=");
    const name = entry.slice(0, Math.max(eq, 0)).trim();
    const value = entry.slice(eq + 1).trim();
    if (eq < 0 || !NAME.test(name) || value === "" || /[\r\n]/.test(value)) {
      throw new Error(`"${entry.trim()}" is not name=value (e.g. shared_buffers=16MB)`);
    }
    settings[name] = value;
  }
  return settings;
}

/** PGlite's start parameters: its own defaults, then `-c` for each setting over PGLITE_SETTINGS. */
export function pgliteStartParams(settings: PGliteSettings = {}): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries({ ...PGLITE_SETTINGS, ...settings }).flatMap(([name, value]) => [
      "-c",
      `${name}=${value}`,
    ]),
  ];
}
