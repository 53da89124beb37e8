import path from "node:path";
import baseConfig from "@adsgraph/eslint-config";
import graphqlPlugin from "@graphql-eslint/eslint-plugin";
import type { Linter } from "eslint";
import { enforced } from "./schema-convention-gaps.js";
import type { SchemaConventionCheck } from "./schema-convention-gaps.js";

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

type Severity = "error" | "warn";

/** A schema convention's severity: a gap still listed in schema-convention-gaps.ts only warns. */
const gapsWarn = (check: SchemaConventionCheck): Severity => (enforced(check) ? "error" : "warn");

/**
 * The printed schema, linted as its reader meets it: everything described, one naming style
 * (issue 32's conventions; test/schema-conventions.test.ts checks the rest on the built
 * schema). `schema` is what the rules read: the linted file itself, a path or SDL.
 */
export function schemaLint(
  severity: (check: SchemaConventionCheck) => Severity,
  schema = path.join(import.meta.dirname, "schema.graphql"),
): Linter.Config {
  return {
    files: ["**/*.graphql"],
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig: { schema } } },
    plugins: { "@graphql-eslint": graphqlPlugin },
    rules: {
      "@graphql-eslint/require-description": [
        severity("require-description"),
        {
          types: true,
          rootField: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          DirectiveDefinition: true,
        },
      ],
      "@graphql-eslint/naming-convention": [
        severity("naming-convention"),
        {
          types: "PascalCase",
          FieldDefinition: "camelCase",
          InputValueDefinition: "camelCase",
          Argument: "camelCase",
          DirectiveDefinition: "camelCase",
          EnumValueDefinition: "UPPER_CASE",
          "FieldDefinition[parent.name.value=Query]": {
            forbiddenPrefixes: ["query", "get"],
            forbiddenSuffixes: ["Query"],
          },
          "FieldDefinition[parent.name.value=Mutation]": {
            forbiddenPrefixes: ["mutation"],
            forbiddenSuffixes: ["Mutation"],
          },
          "EnumTypeDefinition,EnumTypeExtension": { forbiddenSuffixes: ["Enum"] },
          "InterfaceTypeDefinition,InterfaceTypeExtension": { forbiddenSuffixes: ["Interface"] },
          "UnionTypeDefinition,UnionTypeExtension": { forbiddenSuffixes: ["Union"] },
          "ObjectTypeDefinition,ObjectTypeExtension": { forbiddenSuffixes: ["Type"] },
        },
      ],
    },
  };
}

/** The shared config's blocks apply to code only: its type-aware rules cannot read a schema. */
const CODE_FILES = ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"];
const forCode = baseConfig.map((block) =>
  block.files !== undefined || Object.keys(block).every((key) => key === "ignores")
    ? block
    : { ...block, files: CODE_FILES },
);

const config: typeof baseConfig = [
  ...forCode,
  { ...schemaLint(gapsWarn), files: ["schema.graphql"] },
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
