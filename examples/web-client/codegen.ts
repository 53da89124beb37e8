import type { CodegenConfig } from "@graphql-codegen/cli";

// Compiles the documents in src/ against the committed schema (never a running server), so a
// schema change that breaks this consumer fails its typecheck.
const config: CodegenConfig = {
  schema: "../../apps/graphql/schema.graphql",
  documents: ["src/**/*.ts", "!src/generated/**"],
  ignoreNoDocuments: false,
  // NodeNext resolution: generated relative imports end in `.js`.
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
  },
};

export default config;
