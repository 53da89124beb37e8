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
  },
};

export default config;
