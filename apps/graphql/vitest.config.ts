import shared from "@adsgraph/vitest-config";
import { mergeConfig } from "vitest/config";

// graphql 16 has no "exports" map: Vite would pick its ESM build while Pothos, loaded by Node,
// gets the CommonJS one, and two graphql realms refuse each other's types. Pin one.
export default mergeConfig(shared, {
  resolve: { alias: { graphql: "graphql/index.js" } },
  test: {
    // Files here wait on PostgreSQL, on PGlite and on freshness windows, and each starts its
    // own servers (free ports, fresh databases): two workers as in ads-api, not one per spare
    // core. A worker runs file after file (isolate: false), so the schema, both apps' modules,
    // Prisma clients and PGlite's WebAssembly load once per worker rather than once per file.
    maxWorkers: 2,
    isolate: false,
  },
});
