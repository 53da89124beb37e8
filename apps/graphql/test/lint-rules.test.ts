import path from "node:path";
import { ESLint, Linter } from "eslint";
import { describe, expect, it } from "vitest";
import config, {
  GRAPHQL_ERRORS_AT_THE_EDGE,
  READ_AND_MUTATION_PATHS,
  TYPE_ESCAPES,
} from "../eslint.config.js";

/** The TypeScript parser of the shared config (no type information is needed here). */
const parser = config.flatMap((entry) =>
  "languageOptions" in entry && entry.languageOptions?.parser ? [entry.languageOptions.parser] : [],
)[0];

function lint(code: string, rules = TYPE_ESCAPES): string[] {
  return new Linter({ configType: "flat" })
    .verify(
      code,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser },
          rules: { "no-restricted-syntax": ["error", ...rules] },
        },
      ],
      { filename: "probe.ts" },
    )
    .map((message) => `${message.ruleId ?? "parse"}: ${message.message}`);
}

describe("the facade's lint rules", () => {
  it("are the ones the app's eslint config applies to src/ (src/errors/ may build GraphQL errors)", async () => {
    const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });
    const applied = async (file: string): Promise<unknown[]> => {
      const found = (await eslint.calculateConfigForFile(file)) as Linter.Config;
      const rule = found.rules?.["no-restricted-syntax"];
      return Array.isArray(rule) ? rule.slice(1) : [];
    };
    expect(await applied("src/schema/campaigns/campaign.ts")).toEqual([
      ...TYPE_ESCAPES,
      ...GRAPHQL_ERRORS_AT_THE_EDGE,
    ]);
    expect(await applied("src/errors/graphql-errors.ts")).toEqual(TYPE_ESCAPES);
  });

  it("refuse `as never` and `as unknown as` casts", () => {
    expect(parser).toBeDefined();
    expect(lint("export const a = (1 as unknown as string);")).toEqual([
      "no-restricted-syntax: No `as unknown as`: type the value instead of casting it through unknown.",
    ]);
    expect(lint("export const b = ({} as never);")).toEqual([
      "no-restricted-syntax: No `as never`: type the value (rest-client's methods are typed by endpoint id).",
    ]);
  });

  it("let ordinary casts and annotations through", () => {
    expect(
      lint("export const c = JSON.parse('1') as number; const d: unknown = c; export { d };"),
    ).toEqual([]);
  });

  it("refuse a GraphQLError built outside the edge", () => {
    expect(
      lint(
        'import { GraphQLError } from "graphql";\nexport const e = new GraphQLError("x");',
        GRAPHQL_ERRORS_AT_THE_EDGE,
      ),
    ).toEqual([
      "no-restricted-syntax: Build GraphQL errors with a builder of src/errors/graphql-errors.ts (the one edge).",
    ]);
  });

  it("refuse any `as` cast on the read and mutation paths (src/loaders/ among them), not `as const`", async () => {
    const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });
    const configFor = async (file: string) =>
      (await eslint.calculateConfigForFile(file)) as Linter.Config;
    const CAST_RULE = "@typescript-eslint/consistent-type-assertions";
    expect(READ_AND_MUTATION_PATHS).toContain("src/loaders/**/*.ts");
    const applied = await configFor("src/loaders/loaders.ts");
    const castRule = applied.rules?.[CAST_RULE];
    expect(castRule).toEqual([2, { assertionStyle: "never" }]);
    // Tests may still cast.
    expect((await configFor("src/loaders/loaders.test.ts")).rules?.[CAST_RULE]).not.toEqual(
      castRule,
    );

    const messages = (code: string) =>
      new Linter({ configType: "flat" })
        .verify(
          code,
          [
            {
              files: ["**/*.ts"],
              languageOptions: { parser },
              plugins: applied.plugins,
              rules: { [CAST_RULE]: castRule ?? "off" },
            },
          ],
          { filename: "src/loaders/probe.ts" },
        )
        .map((message) => `${message.ruleId ?? "parse"}: ${message.message}`);
    expect(messages("export const f = JSON.parse('1') as number;")).toEqual([
      `${CAST_RULE}: Do not use any type assertions.`,
    ]);
    expect(messages('export const g = ["a"] as const;')).toEqual([]);
  });
});
