// @ts-check
// The dependency rules of the repository, checked by `pnpm lint:layers` (part of `pnpm check`);
// the layer tables are in scripts/layers.cjs, and tests/test/layers.test.ts proves each rule
// fires on a wrong import.
const { APP_LAYERS, PACKAGE_IMPORTS } = require("./scripts/layers.cjs");

/** @typedef {import("dependency-cruiser").IForbiddenRuleType} Rule */

/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One layer's modules as a path pattern: each entry, less what a more specific entry of another
 * layer claims (a file inside one of its folders).
 * @param {string} app @param {string[]} entries @param {string[]} all every entry of the app
 */
function layerPath(app, entries, all) {
  const alternatives = entries.map((entry) => {
    if (!entry.endsWith("/")) return `${escape(entry)}$`;
    const claimed = all.filter((other) => other !== entry && other.startsWith(entry));
    const rest = claimed.map((other) => escape(other.slice(entry.length)) + "$");
    return escape(entry) + (rest.length > 0 ? `(?!${rest.join("|")})` : "");
  });
  return `^apps/${app}/src/(${alternatives.join("|")})`;
}

/** @returns {Rule[]} */
function appRules() {
  return Object.entries(APP_LAYERS).flatMap(([app, { context, layers }]) => {
    const all = layers.flatMap(([, entries]) => entries);
    const paths = layers.map(([name, entries]) => ({ name, path: layerPath(app, entries, all) }));
    const contextPath = `^apps/${app}/src/${escape(context)}$`;
    const contextLayer = layers.findIndex(([, entries]) => entries.includes(context));
    /** @type {Rule[]} */
    const upward = paths.slice(1).map(({ name, path }, index) => {
      const above = paths.slice(0, index + 1);
      return {
        name: `${app}-layers`,
        comment: `${app}: ${name} imports from a layer above it (${above.map((l) => l.name).join(", ")})`,
        severity: "error",
        from: { path, pathNot: "\\.test\\.ts$" },
        // The type of context.ts is everyone's (next rule: its value is not).
        to: { path: above.map((l) => l.path).join("|"), pathNot: contextPath },
      };
    });
    return [
      ...upward,
      {
        name: `${app}-layers`,
        comment: `${app}: a layer below ${context} imports more than its type`,
        severity: "error",
        from: {
          path: paths
            .slice(contextLayer + 1)
            .map((l) => l.path)
            .join("|"),
          pathNot: "\\.test\\.ts$",
        },
        to: { path: contextPath, dependencyTypesNot: ["type-only"] },
      },
    ];
  });
}

/** @returns {Rule[]} */
function packageRules() {
  return Object.entries(PACKAGE_IMPORTS).map(([name, allowed]) => ({
    name: "package-imports",
    comment: `packages/${name} imports ${allowed.join(", ") || "no other library"} alone`,
    severity: "error",
    from: { path: `^packages/${name}/` },
    to: {
      path: "^packages/[^/]+/",
      pathNot: [name, ...allowed].map((library) => `^packages/${library}/`),
    },
  }));
}

/** A test's file under an app's src/: its unit tests and type tests. */
const TEST_FILE = "\\.test(-d)?\\.ts$";

/**
 * Nothing test-only lives in an app's production src/ (the build compiles all of it): helpers
 * of tests sit beside them under test/, harnesses in the app's kit under testing/.
 * @returns {Rule[]}
 */
function testOnlyRules() {
  return [
    {
      name: "no-test-only-module-in-src",
      comment:
        "A test helper under an app's src/ (`*.test-support.ts`): move it to test/ or the kit",
      severity: "error",
      from: {},
      to: { path: "^apps/[^/]+/src/.+\\.test-support\\.ts$" },
    },
    {
      name: "production-never-imports-tests",
      comment:
        "A production module of an app (not a test) imports vitest, a test kit (@adsgraph/<app>/testing) or a test's file",
      severity: "error",
      from: { path: "^apps/[^/]+/src/", pathNot: TEST_FILE },
      to: {
        path: [
          "^apps/[^/]+/(test|testing)/",
          "^@adsgraph/[^/]+/testing$",
          "^(vitest|@vitest/[^/]+)(/|$)",
          "(^|/)node_modules/(vitest|@vitest/[^/]+)/",
        ],
      },
    },
  ];
}

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "packages-never-import-apps",
      comment: "A library never depends on an app, an example, the bench or the integration tests",
      severity: "error",
      from: { path: "^packages/" },
      to: {
        path: "^(apps|examples|bench|tests)/|^@adsgraph/(ads-api|graphql|cli|web-client|bench|integration-tests)$",
      },
    },
    ...packageRules(),
    {
      name: "no-circular",
      comment: "No import cycle, not even one through type-only imports",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...appRules(),
    ...testOnlyRules(),
  ],
  options: {
    // Third-party modules stay as leaves (a rule may name one: vitest), never followed.
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["/(generated|\\.cache)/", "^(?!node_modules/).*/dist/"] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      // Workspace packages resolve to their sources, as in the tests (`source` export condition).
      conditionNames: ["source", "import", "types", "default"],
      exportsFields: ["exports"],
      extensions: [".ts", ".js", ".mjs", ".cjs"],
    },
  },
};
