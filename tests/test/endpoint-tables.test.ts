import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { endpoints } from "@adsgraph/models";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// issue 31: an endpoint's facts live in its catalog entry (packages/models) and nowhere else.
// A table of per-endpoint facts anywhere else in the sources is a second place to change them:
// this check finds one by its shape, whatever it is called.

const root = path.resolve(import.meta.dirname, "..", "..");
const ENDPOINT_IDS: ReadonlySet<string> = new Set(endpoints.map((entry) => entry.id));

/** Folders holding no production source (tests, builds, generated clients, results). */
const SKIPPED_FOLDERS = new Set([
  "node_modules",
  "dist",
  "generated",
  "test",
  "results",
  "coverage",
  ".cache",
  ".turbo",
]);
const SOURCE = /\.[cm]?[jt]sx?$/;
const NOT_SOURCE = /\.(test|test-d|test-support)\.[cm]?[jt]sx?$|\.d\.[cm]?ts$/;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* sourceFiles(at);
    } else if (SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name)) {
      yield at;
    }
  }
}

/** `x as const`, `x satisfies T`, `(x)`: the expression itself. */
function unwrap(node: ts.Expression): ts.Expression {
  let inner = node;
  while (
    ts.isAsExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isParenthesizedExpression(inner)
  ) {
    inner = inner.expression;
  }
  return inner;
}

/** The endpoint id an expression is, if it is one's literal text. */
function endpointIdOf(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  const expression = ts.isComputedPropertyName(node) ? node.expression : node;
  return ts.isStringLiteralLike(expression) && ENDPOINT_IDS.has(expression.text)
    ? expression.text
    : undefined;
}

/** A property whose value is code (a route handler), not data. */
function isFunction(property: ts.ObjectLiteralElementLike): boolean {
  if (ts.isMethodDeclaration(property) || ts.isAccessor(property)) return true;
  if (!ts.isPropertyAssignment(property)) return false;
  const value = unwrap(property.initializer);
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value);
}

/** The endpoint ids a property's value names: an id, or an object row with ids as values. */
function idsNamedBy(property: ts.ObjectLiteralElementLike): string[] {
  if (!ts.isPropertyAssignment(property)) return [];
  const value = unwrap(property.initializer);
  const id = endpointIdOf(value);
  if (id !== undefined) return [id];
  if (!ts.isObjectLiteralExpression(value)) return [];
  return value.properties.flatMap((inner) => {
    const innerId = ts.isPropertyAssignment(inner)
      ? endpointIdOf(unwrap(inner.initializer))
      : undefined;
    return innerId === undefined ? [] : [innerId];
  });
}

/**
 * The per-endpoint tables in one source text, each as `file:line: shape (ids)`:
 * - an object with two or more endpoint ids as keys whose values are data (an object of route
 *   handlers, `"campaigns.list": async (call) => …`, is the routes themselves and passes);
 * - an object with two or more rows naming an endpoint (`{ campaign: { list: "campaigns.list" },
 *   … }`, or ids as values);
 * - an array (a Set's or a Map's entries too) of two or more endpoint ids.
 */
export function endpointTables(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, shape: string, ids: readonly string[]) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    const named = [...new Set(ids)];
    const shown = named.length > 4 ? [...named.slice(0, 3), `… ${named.length} ids`] : named;
    found.push(`${fileName}:${line}: ${shape} (${shown.join(", ")})`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const keyed = node.properties.flatMap((property) => {
        const id = endpointIdOf(property.name);
        return id === undefined || isFunction(property) ? [] : [id];
      });
      const rows = node.properties.map(idsNamedBy).filter((ids) => ids.length > 0);
      if (keyed.length >= 2) report(node, "object keyed by endpoint ids", keyed);
      else if (rows.length >= 2) report(node, "object of rows naming endpoints", rows.flat());
    }
    if (ts.isArrayLiteralExpression(node)) {
      const ids = node.elements.flatMap((element) => {
        const item = unwrap(element);
        const id =
          endpointIdOf(item) ??
          (ts.isArrayLiteralExpression(item) ? endpointIdOf(item.elements[0]) : undefined);
        return id === undefined ? [] : [id];
      });
      if (ids.length >= 2) report(node, "list of endpoint ids", ids);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("per-endpoint tables", () => {
  it("are found by their shape: ids as keys of data, rows naming endpoints, lists of ids", () => {
    const source = [
      'export const limits = { "campaigns.list": { max: 1000 }, "campaigns.get": { max: 1 } };',
      'export const routes = { "campaigns.list": async () => 1, "campaigns.get"() { return 2; } };',
      'export const kinds = { campaign: { list: "campaigns.list" }, lineItem: { list: "line_items.list" } };',
      'export const named = { list: "campaigns.list", get: "campaigns.get" } as const;',
      'export const reference = new Set(["bidding_rules.list", "placements.list"]);',
      'export const families = new Map([["campaigns.list", "c"], ["line_items.list", "l"]]);',
      'export const one = { "campaigns.list": 1, other: "not.an.endpoint" };',
      'export const call = [getEndpoint("campaigns.list"), getEndpoint("campaigns.get")];',
    ].join("\n");
    expect(endpointTables("probe.ts", source)).toEqual([
      "probe.ts:1: object keyed by endpoint ids (campaigns.list, campaigns.get)",
      "probe.ts:3: object of rows naming endpoints (campaigns.list, line_items.list)",
      "probe.ts:4: object of rows naming endpoints (campaigns.list, campaigns.get)",
      "probe.ts:5: list of endpoint ids (bidding_rules.list, placements.list)",
      "probe.ts:6: list of endpoint ids (campaigns.list, line_items.list)",
    ]);
  });

  it("exist nowhere outside packages/models (the catalog)", async () => {
    const found: string[] = [];
    for (const top of ["apps", "packages", "bench"]) {
      for await (const file of sourceFiles(path.join(root, top))) {
        const name = path.relative(root, file);
        if (name.startsWith(`packages${path.sep}models${path.sep}`)) continue;
        found.push(...endpointTables(name, await readFile(file, "utf8")));
      }
    }
    expect(found).toEqual([]);
  });
});
