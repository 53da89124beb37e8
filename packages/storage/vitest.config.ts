import shared from "@adsgraph/vitest-config";
import { mergeConfig } from "vitest/config";

// Tests here open PGlite inside the test body, and in a fresh clone the first open builds the
// cluster template (initdb in WebAssembly) while every other package's lint, typecheck and
// tests start beside it: that once took past 120 s. The hooks' safety net, not a speed check.
export default mergeConfig(shared, { test: { testTimeout: 300_000 } });
