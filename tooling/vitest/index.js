// @ts-check — plain JavaScript: Vite loads config files of dependencies without a TypeScript loader.
import { defineConfig } from "vitest/config";

/**
 * Shared test config. Workspace packages resolve to their TypeScript sources through the
 * `source` export condition, so tests never need a build first. Results are also written as
 * JSON under `.cache/` (a turbo output), which `.ci/run` sums into its summary line.
 */
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Type tests (`*.test-d.ts`, expectTypeOf) are compiled by each package's `typecheck` task
    // (tsc over src/ and test/), where a wrong type fails the build. Vitest's own typecheck ran
    // the same tsc again inside the test task: about 90 s of the suite for nothing new.
    typecheck: { enabled: false },
    // Safety nets against a hung test, not speed checks: a start-up hook took over 60 s on a
    // 2-core machine running two CPU hogs beside the whole suite.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Tests wait with the framework's own polling (`expect.poll`, `vi.waitFor`), never a loop
    // of their own: by default as long as a condition might take on that machine, not vitest's 1 s.
    expect: { poll: { timeout: 60_000, interval: 20 } },
    reporters: ["default", ["json", { outputFile: ".cache/vitest-results.json" }]],
  },
});
