import type { CodegenConfig } from "@graphql-codegen/cli";

const schema = "../../apps/graphql/schema.graphql";

// Compiles the documents in src/ against the committed schema (never a running server): a
// schema change that breaks this app fails its typecheck.
const config: CodegenConfig = {
  schema,
  documents: ["src/**/*.ts", "src/**/*.tsx", "!src/generated/**"],
  ignoreNoDocuments: false,
  // NodeNext resolution: generated relative imports end in `.js` (Vite resolves them to .ts).
  importExtension: ".js",
  generates: {
    "src/generated/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { DateTime: "string", ID: "string", Micros: "string" },
      },
    },
    // Which concrete types each interface and union stands for, so the cache can match
    // `... on Error` inside a mutation result. Goes away with @adsgraph/client-cache (src/cache.ts).
    "src/generated/possible-types.ts": {
      plugins: ["fragment-matcher"],
      config: { apolloClientVersion: 3, useExplicitTyping: true },
    },
  },
};

export default config;
