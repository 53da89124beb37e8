import { build } from "esbuild";
import { CLI_BUNDLE, CLI_ENTRY } from "./cli.js";

/**
 * Vitest's global set-up, as in apps/cli (test/support/bundle-cli.ts there): started from its
 * sources through tsx, each run of the command compiled and resolved some 300 modules again,
 * about 2 s of CPU each on an idle machine and far more under the whole check's load, for each
 * of the audience-upload tests' eight runs. The bundle is the same sources (workspace packages by
 * their `source` condition) and the same dependencies.
 */
export default async function bundleCli(): Promise<void> {
  await build({
    entryPoints: [CLI_ENTRY],
    outfile: CLI_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["source"],
    // CommonJS dependencies inside an ES module still call require() for Node's built-ins.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
}
