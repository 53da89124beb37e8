import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { RESOURCES, endpoints } from "@adsgraph/models";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// issue 31: `git grep '"<endpoint id>"'` finds every place an endpoint is used — its catalog
// entry, its ads-api route, the call that sends it and the GraphQL field that serves it —
// for every endpoint the graph serves. This walks the same literal ids with the compiler.

const root = path.resolve(import.meta.dirname, "..", "..");
const ENDPOINT_IDS: ReadonlySet<string> = new Set(endpoints.map((entry) => entry.id));
const NOT_SOURCE = /\.(test|test-d)\.ts$|\.d\.ts$/;

/**
 * Calls that send an endpoint (rest-client's id-keyed methods) or read it by id through a
 * generic consumer of the catalog (the facade's loaders, list fields and edges).
 */
const CALLS_BY_ID = new Set([
  "call",
  "request",
  "page",
  "pages",
  "items",
  "collect",
  "collectMany",
  "getMany",
  "totalCount",
  "chunked",
  "byId",
  "accountListField",
  "attachmentsOf",
  "readOfLineItems",
]);

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const at = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && at.endsWith(".ts") && !NOT_SOURCE.test(at) && !at.includes("/generated/"))
      found.push(at);
  }
  return found;
}

interface Use {
  readonly file: string;
  /** The name of the call the id is an argument of, if it is one. */
  readonly callee: string | undefined;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** Every literal endpoint id in the files under `dir`, with where it stands. */
async function usesIn(dir: string): Promise<Map<string, Use[]>> {
  const uses = new Map<string, Use[]>();
  for (const file of await sourceFiles(path.join(root, dir))) {
    const text = await readFile(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) && ENDPOINT_IDS.has(node.text)) {
        const parent = node.parent;
        const callee =
          ts.isCallExpression(parent) && parent.arguments.some((arg) => arg === node)
            ? calleeName(parent)
            : undefined;
        const list = uses.get(node.text) ?? [];
        list.push({ file: path.relative(root, file), callee });
        uses.set(node.text, list);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

describe("every endpoint the graph serves", () => {
  it("is found by its id at its route, the call that sends it and its GraphQL field", async () => {
    const [facade, routes, client] = await Promise.all([
      usesIn("apps/graphql/src"),
      usesIn("apps/ads-api/src/routes"),
      usesIn("packages/rest-client/src"),
    ]);
    // The facade's sign-in pages (src/auth) proxy OAuth; no GraphQL field serves them.
    const served = new Set([
      ...[...facade]
        .filter(([, uses]) => uses.some((use) => !use.file.startsWith("apps/graphql/src/auth/")))
        .map(([id]) => id),
      ...RESOURCES.flatMap((entry) =>
        entry.get === null ? [entry.list] : [entry.get, entry.list],
      ),
    ]);
    const missing: string[] = [];
    for (const id of served) {
      const uses = facade.get(id) ?? [];
      const sends = [...uses, ...(client.get(id) ?? [])].some(
        (use) => use.callee !== undefined && CALLS_BY_ID.has(use.callee),
      );
      if (!routes.has(id)) missing.push(`${id}: no ads-api route`);
      if (!sends) missing.push(`${id}: no call by its id`);
      if (!uses.some((use) => use.file.startsWith("apps/graphql/src/schema/")))
        missing.push(`${id}: no GraphQL field in src/schema names it`);
    }
    expect(missing).toEqual([]);
    // The graph serves most of the catalog: a walk that found little would prove little.
    expect(served.size).toBeGreaterThan(90);
    expect(served).toContain("post_data.posts.lookup");
  });
});
