import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { schema } from "../src/schema/index.js";
import { printSortedSchema } from "../src/fields/print.js";

describe("schema.graphql", () => {
  it("is the printed schema (run `pnpm turbo run schema` and commit it when this fails)", () => {
    const committed = readFileSync(
      path.resolve(import.meta.dirname, "..", "schema.graphql"),
      "utf8",
    );
    expect(committed).toBe(printSortedSchema(schema));
  });
});
