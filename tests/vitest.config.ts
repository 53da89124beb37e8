import shared from "@adsgraph/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// One file at a time: each starts ads-api (PGlite needs seconds of CPU to start), and the layer
// test cruises the whole tree; side by side under `pnpm check` they ran past the hook timeout.
// The one worker runs file after file (isolate: false), as in apps/ads-api: each file starts its
// own servers over fresh databases and sets no global state, and ads-api's modules, Prisma
// clients and PGlite's WebAssembly then load once, not once per file ("import" was 119 s of the
// package's 702 s in CI). The audience-upload tests run the CLI bundled once (bundle-cli.ts).
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      fileParallelism: false,
      isolate: false,
      globalSetup: ["test/support/bundle-cli.ts"],
    },
  }),
);
