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
  // A mutation's fetch rule (apps/graphql/src/cost/fetch-rule.ts): its resolver sends the
  // rule's endpoint, so the rule is where the call names its id.
  "callRule",
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

/**
 * Catalog endpoints no GraphQL field serves, each with why (issue 32: every endpoint meant for
 * people is reachable from the graph). An endpoint neither served nor listed fails the test,
 * and so does one listed here that the graph serves after all.
 */
const NOT_IN_GRAPH: Readonly<Record<string, string>> = {
  "oauth.request_token": "OAuth sign-in handshake: the facade's /auth routes run it, not the graph",
  "oauth.authorize": "OAuth sign-in handshake: the browser page the /auth routes send people to",
  "oauth.authenticate": "OAuth sign-in handshake: the browser page of an already approved app",
  "oauth.access_token": "OAuth sign-in handshake: the /auth callback and PIN routes finish it",
  "oauth.invalidate_token": "sign-out: POST /auth/logout ends the session and its token",
  "oauth2.token":
    "the facade's own app-only bearer token, fetched internally (reference data, posts)",
  "oauth2.invalidate_token":
    "ends an app-only bearer token: the operator's credential, not a person's",
  "activity.stream":
    "the facade's one upstream event stream (app-only), shared by every subscriber: people get it as Subscription.activityEvents",
  "cards.all.list":
    "every kind of card in one list: the graph lists cards by kind (Account.cards, pollCards, videoConversationCards, imageConversationCards) with typed fields",
  "cards.all.get": "one card of any kind: the graph reads a card by id through its kind's endpoint",
  "line_item_curated_categories.get":
    "a curated-category link alone: links are read with their line item (LineItem.curatedCategories) and answered by their mutations",
  "webhooks.create":
    "the facade app's own webhook: registering one changes deliveries for every user of the app, an operator's task (rest-client's webhook helpers)",
  "webhooks.list": "the facade app's own webhooks: an operator's view (see webhooks.create)",
  "webhooks.validate":
    "the facade app's own webhook check: an operator's task (see webhooks.create)",
  "webhooks.delete": "the facade app's own webhook: an operator's task (see webhooks.create)",
  "webhooks.deliveries.list":
    "the facade app's own webhook delivery log: an operator's view (see webhooks.create)",
  "webhooks.replay": "re-delivers every user's events to the app's webhook: an operator's task",
  "line_items.batch":
    "several line-item writes in one request, for SDK and rest-client users: the graph writes line items one mutation each (createLineItem, updateLineItem, deleteLineItem)",
  "draft_posts.get":
    "a draft by id: the graph reads drafts by id through the posts list's post_ids (≤200 per request), not one request each",
  "scheduled_posts.get":
    "a scheduled post by id: read through the posts list's post_ids as drafts are (see draft_posts.get)",
  "stats.jobs.delete":
    "cancels a stats job: the graph's metrics start jobs only inside one read (rest-client's runStatsJobs), which cancels them itself when the read is abandoned",
  "post_data.posts.get":
    "one post for clients written for the vendor's v2 API (GET /2/tweets/:id): the graph reads posts by id through the lookup (post_data.posts.lookup), batched",
};

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

  it("covers the catalog: every endpoint is served, or listed as not for the graph with why", async () => {
    const facade = await usesIn("apps/graphql/src/schema");
    const served = new Set([
      ...facade.keys(),
      ...RESOURCES.flatMap((entry) =>
        entry.get === null ? [entry.list] : [entry.get, entry.list],
      ),
    ]);
    const unexplained = [...ENDPOINT_IDS].filter((id) => !served.has(id) && !(id in NOT_IN_GRAPH));
    const listedButServed = Object.keys(NOT_IN_GRAPH).filter((id) => served.has(id));
    const unknown = Object.keys(NOT_IN_GRAPH).filter((id) => !ENDPOINT_IDS.has(id));
    expect({ unexplained, listedButServed, unknown }).toEqual({
      unexplained: [],
      listedButServed: [],
      unknown: [],
    });
    for (const reason of Object.values(NOT_IN_GRAPH)) expect(reason.length).toBeGreaterThan(20);
  });
});
