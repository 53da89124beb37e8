import shared from "@adsgraph/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

export default mergeConfig(
  shared,
  defineConfig({ test: { globalSetup: ["test/support/bundle-cli.ts"] } }),
);
