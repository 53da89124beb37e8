import baseConfig from "@adsgraph/eslint-config";

/**
 * Casts that switch the type checker off (`as never`, `as unknown as`) hide exactly the
 * mismatches the catalog's endpoint types exist to catch: the facade calls rest-client typed
 * by endpoint id instead (test/lint-rules.test.ts proves the rule fires).
 */
export const TYPE_ESCAPES = [
  {
    selector: "TSAsExpression > TSNeverKeyword",
    message: "No `as never`: type the value (rest-client's methods are typed by endpoint id).",
  },
  {
    selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
    message: "No `as unknown as`: type the value instead of casting it through unknown.",
  },
];

/** GraphQL errors are built at the one edge, src/errors/graphql-errors.ts (DEVELOPERS.md). */
export const GRAPHQL_ERRORS_AT_THE_EDGE = [
  {
    selector: "NewExpression[callee.name='GraphQLError']",
    message: "Build GraphQL errors with a builder of src/errors/graphql-errors.ts (the one edge).",
  },
];

/** The facade's read and mutation paths: no `as` cast there (`as const` stays allowed). */
export const READ_AND_MUTATION_PATHS = [
  "src/loaders/**/*.ts",
  "src/schema/**/*.ts",
  "src/fields/**/*.ts",
  "src/input/**/*.ts",
];

const config: typeof baseConfig = [
  ...baseConfig,
  {
    files: ["src/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ...TYPE_ESCAPES, ...GRAPHQL_ERRORS_AT_THE_EDGE] },
  },
  { files: ["src/errors/**/*.ts"], rules: { "no-restricted-syntax": ["error", ...TYPE_ESCAPES] } },
  {
    files: READ_AND_MUTATION_PATHS,
    ignores: ["**/*.test.ts", "**/*.test-d.ts"],
    // A cast hides a drift from the catalog's types: types come from the catalog, runtime checks narrow unknown data.
    rules: {
      "@typescript-eslint/consistent-type-assertions": ["error", { assertionStyle: "never" }],
    },
  },
];

export default config;
