import path from "node:path";

/** apps/cli: `adsgraph audience upload` is the command over `uploadAudienceUsers`. */
export const CLI_DIR = path.resolve(import.meta.dirname, "..", "..", "..", "apps", "cli");
/** `adsgraph`'s sources, what its built `dist/main.js` bin is compiled from. */
export const CLI_ENTRY = path.join(CLI_DIR, "src", "main.ts");
/**
 * Those sources bundled once per run (bundle-cli.ts, vitest's global set-up), beside apps/cli's
 * package.json as `dist/main.js` is (the command reads its version from `../package.json`); a
 * name of its own, so apps/cli's tests, bundling to `.cache/adsgraph.mjs` at the same time,
 * never write the same file.
 */
export const CLI_BUNDLE = path.join(CLI_DIR, ".cache", "adsgraph.integration-tests.mjs");
