import type { CodegenConfig } from "@graphql-codegen/cli";
import { plugin as typePoliciesPlugin } from "./scripts/type-policies-plugin.js";

type PluginLoader = NonNullable<CodegenConfig["pluginLoader"]>;

/** Plugins of this package, written in TypeScript (the default loader would only `import` them). */
const LOCAL_PLUGINS: Record<string, Awaited<ReturnType<PluginLoader>>> = {
  "adsgraph-type-policies": { plugin: typePoliciesPlugin },
};

// The cache configuration follows the committed schema (never a running server): a schema change
// regenerates it, and its typecheck proves every type has a policy.
const config: CodegenConfig = {
  schema: "../../apps/graphql/schema.graphql",
  pluginLoader: (name) => LOCAL_PLUGINS[name] ?? import(name),
  generates: {
    "src/generated/possible-types.ts": {
      plugins: ["fragment-matcher"],
      config: { apolloClientVersion: 3, useExplicitTyping: true, deterministic: true },
    },
    "src/generated/type-policy-types.ts": {
      plugins: ["typescript-apollo-client-helpers"],
      // Every type but the roots must have a policy: a type the generator misses fails typecheck.
      config: { useTypeImports: true, requirePoliciesForAllTypes: true },
    },
    "src/generated/type-policies.ts": { plugins: ["adsgraph-type-policies"] },
  },
};

export default config;
