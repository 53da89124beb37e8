import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * spec §8 numbers live in src/limits.ts only. What this checks:
 * - the distinctive §8 values (255, 1000, 10080, 2500, 5000000, 8000, 2048, 1500, 25000)
 *   are written only in limits.ts, and only once there (the `q` limits are derived from the
 *   name limits: a prefix of a name is never longer than the name);
 * - the common small §8 values (2, 4, 5, 6, 7, 10, 13, 14, 15, 20, 23, 25, 30, 50, 70, 80,
 *   100, 200) are not written at all in the files that hold rules and schemas (rules/,
 *   fields/, params/, catalog/, resources/), so every rule reads them from LIMITS.
 * Comments, quoted strings (version segments such as "5", "2") and regex counts such as
 * `{2}` are ignored; `_` separators are removed (5_000_000 is 5000000). The value 1 (one
 * GIF, one video, one hour) is too common to scan for.
 */
const SRC = new URL("../src/", import.meta.url);
const DISTINCTIVE = [255, 1000, 10080, 2500, 5000000, 8000, 2048, 1500, 25000];
const COMMON = [2, 4, 5, 6, 7, 10, 13, 14, 15, 20, 23, 25, 30, 50, 70, 80, 100, 200];
const RULE_FOLDERS = ["rules/", "fields/", "params/", "catalog/", "resources/"];

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter(
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".test-d.ts"),
    )
    .map((name) => name.replaceAll("\\", "/"));
}

function numbersIn(code: string): number[] {
  const stripped = code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|\s)\/\/.*$/gm, "$1")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""')
    .replace(/\{\d+(,\d*)?\}/g, "{}");
  return [...stripped.matchAll(/(?<![\w.$])\d[\d_]*(?:\.\d+)?(?![\w])/g)].map((match) =>
    Number(match[0].replaceAll("_", "")),
  );
}

describe("§8 numbers are written once", () => {
  const files = sourceFiles().map((name) => ({
    name,
    numbers: numbersIn(readFileSync(new URL(name, SRC), "utf8")),
  }));

  it("finds numbers outside comments, strings and regex counts", () => {
    expect(
      numbersIn('const a = 5_000_000; // 255\nconst b = "10080"; /^[A-Z]{2}$/; /* 2500 */ x(1000)'),
    ).toEqual([5000000, 1000]);
  });

  it("scans the sources", () => {
    expect(files.map((file) => file.name)).toContain("limits.ts");
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(DISTINCTIVE)("%i appears only in limits.ts, once per limit", (value) => {
    const places = files.flatMap((file) =>
      file.numbers.filter((number) => number === value).map(() => file.name),
    );
    expect(places).toEqual(["limits.ts"]);
  });

  it("rule and schema files write no common §8 number", () => {
    const offenders = files
      .filter((file) => RULE_FOLDERS.some((folder) => file.name.startsWith(folder)))
      .flatMap((file) =>
        file.numbers
          .filter((number) => COMMON.includes(number))
          .map((number) => `${file.name}: ${number}`),
      );
    expect(offenders).toEqual([]);
  });
});
