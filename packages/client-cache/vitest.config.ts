import shared from "@adsgraph/vitest-config";
import { mergeConfig } from "vitest/config";

// See apps/graphql/vitest.config.ts: one graphql realm.
export default mergeConfig(shared, { resolve: { alias: { graphql: "graphql/index.js" } } });
