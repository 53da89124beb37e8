import shared from "@adsgraph/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// One file at a time: each starts ads-api (PGlite needs seconds of CPU to start), and the layer
// test cruises the whole tree; side by side under `pnpm check` they ran past the hook timeout.
export default mergeConfig(shared, defineConfig({ test: { fileParallelism: false } }));
