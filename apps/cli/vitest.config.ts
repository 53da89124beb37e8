import shared from "@adsgraph/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// The facade's server runs in this process (test/support/stack.ts). graphql 16 has no
// "exports" map: Vite would pick its ESM build while Pothos, loaded by Node, gets the CommonJS
// one, and the schema's directives (`@cost` beside graphql's own) then come from two realms
// that refuse each other. Pin one, as apps/graphql does.
export default mergeConfig(
  shared,
  defineConfig({
    resolve: { alias: { graphql: "graphql/index.js" } },
    test: { globalSetup: ["test/support/bundle-cli.ts"] },
  }),
);
