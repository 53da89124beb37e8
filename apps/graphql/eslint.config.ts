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

const config: typeof baseConfig = [
  ...baseConfig,
  { files: ["src/**/*.ts"], rules: { "no-restricted-syntax": ["error", ...TYPE_ESCAPES] } },
];

export default config;
