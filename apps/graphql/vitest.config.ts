import shared from "@adsgraph/vitest-config";
import { mergeConfig } from "vitest/config";

// graphql 16 has no "exports" map: Vite would pick its ESM build while Pothos, loaded by Node,
// gets the CommonJS one, and two graphql realms refuse each other's types. Pin one.
export default mergeConfig(shared, { resolve: { alias: { graphql: "graphql/index.js" } } });
