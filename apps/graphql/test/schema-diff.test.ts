import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CriticalityLevel, diff } from "@graphql-inspector/core";
import { buildASTSchema, buildSchema, Kind, parse, visit, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../src/schema/index.js";
import { printSortedSchema } from "../src/fields/print.js";

const APP_DIR = path.resolve(import.meta.dirname, "..");

/**
 * The API typed clients were generated from: `schema.graphql` as git last committed it, or the
 * file on disk outside a git checkout. schema-file.test.ts keeps the file equal to the printed
 * schema, so a regenerated but uncommitted file is still compared with what was committed.
 */
function baselineSchema(): GraphQLSchema {
  let sdl: string;
  try {
    sdl = execFileSync("git", ["-C", APP_DIR, "show", "HEAD:./schema.graphql"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    sdl = readFileSync(path.join(APP_DIR, "schema.graphql"), "utf8");
  }
  return buildSchema(sdl);
}

/** The changes that break a client built against `before` (removed fields, changed types...). */
async function breakingChanges(before: GraphQLSchema, after: GraphQLSchema) {
  const changes = await diff(before, after);
  return changes
    .filter((change) => change.criticality.level === CriticalityLevel.Breaking)
    .map((change) => `${change.path ?? ""}: ${change.message}`);
}

/** The built schema with one field of one type left out. */
function withoutField(typeName: string, fieldName: string): GraphQLSchema {
  const document = visit(parse(printSortedSchema(schema)), {
    ObjectTypeDefinition(node) {
      if (node.name.value !== typeName) return undefined;
      return { ...node, fields: node.fields?.filter((field) => field.name.value !== fieldName) };
    },
  });
  return buildASTSchema(document);
}

/** The built schema with a new optional argument on one field (a compatible change). */
function withExtraArgument(typeName: string, fieldName: string): GraphQLSchema {
  const document = visit(parse(printSortedSchema(schema)), {
    ObjectTypeDefinition(node) {
      if (node.name.value !== typeName) return undefined;
      return {
        ...node,
        fields: node.fields?.map((field) =>
          field.name.value !== fieldName
            ? field
            : {
                ...field,
                arguments: [
                  ...(field.arguments ?? []),
                  {
                    kind: Kind.INPUT_VALUE_DEFINITION,
                    name: { kind: Kind.NAME, value: "extraFilter" },
                    type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: "Boolean" } },
                  },
                ],
              },
        ),
      };
    },
  });
  return buildASTSchema(document);
}

describe("schema.graphql compatibility (graphql-inspector diff)", () => {
  it("has no breaking change against the committed schema", async () => {
    expect(await breakingChanges(baselineSchema(), schema)).toEqual([]);
  });

  it("reports a removed field as breaking and a new optional argument as not", async () => {
    const baseline = baselineSchema();
    expect(await breakingChanges(baseline, withoutField("Account", "campaigns"))).toEqual([
      expect.stringMatching(/^Account\.campaigns: Field 'campaigns'.*removed/),
    ]);
    expect(await breakingChanges(baseline, withExtraArgument("Account", "campaigns"))).toEqual([]);
  });
});
