import { build } from "esbuild";
import { CLI_BUNDLE, CLI_ENTRY } from "./cli.js";

/**
 * Vitest's global set-up: bundles the command once per test run. Started from its sources
 * through tsx, each run compiled and resolved some 300 modules again: 1.5 s of CPU on an idle
 * machine, up to 12 s of waiting under the suite's load, for each of the tests' runs.
 * The bundle is the same sources (workspace packages by their `source` condition) and the same
 * dependencies, in one file beside package.json as `dist/main.js` is (the version is read
 * from `../package.json`).
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
