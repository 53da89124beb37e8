import path from "node:path";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const workspaceRoot = path.resolve(import.meta.dirname, "..", "..");

/**
 * Linted from the workspace root (`pnpm lint`, `pnpm check`), every file is typed by one
 * program over the whole workspace (tsconfig.all.json): each package's sources are checked
 * once, not again inside every package that imports them (a third of the suite's CPU went to
 * that). Linted from a package, its own tsconfig (project service) is enough and cheaper.
 */
const typedBy =
  process.cwd() === workspaceRoot
    ? { project: [path.join(workspaceRoot, "tsconfig.all.json")], tsconfigRootDir: workspaceRoot }
    : { projectService: true };

/**
 * Shared flat config: type-checked typescript-eslint rules, type-only imports kept apart,
 * exhaustive switches, and no reaching into another package's files (import its entry).
 */
export default tseslint.config(
  { ignores: ["**/dist/**", "**/.cache/**", "**/generated/**", "**/.data/**", "**/coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: typedBy,
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "separate-type-imports" },
      ],
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true },
      ],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // An app's test kit is an entry of its own (`@adsgraph/<app>/testing`).
              regex: "^@adsgraph/[^/]+/(?!testing$)",
              message:
                "Import a workspace package through its entry (`@adsgraph/<name>`, or an app's test kit `@adsgraph/<app>/testing`), never its files.",
            },
            {
              regex: "^(\\.\\./)+(packages|apps|tooling)/",
              message: "Import a workspace package by name, never by a relative path into it.",
            },
            {
              regex: "^(\\.\\./)+[^/.][^/]*/src/",
              message: "Reaching into another package's src/ is not allowed: import its entry.",
            },
          ],
        },
      ],
    },
  },
);
