import { endpoints } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import type { StreamEndpointId } from "../core/call-types.js";
import { buildResourceTree, CLIENT_MEMBERS, helpersOf } from "./resources.js";
import type { TreeApi } from "./resources.js";

const calls: Array<[string, string, unknown]> = [];
const record =
  (name: string) =>
  (id: string, params?: unknown): unknown => {
    calls.push([name, id, params]);
    return undefined;
  };
const api: TreeApi = {
  call: record("call"),
  pages: record("pages"),
  items: record("items"),
  collect: record("collect"),
  totalCount: record("totalCount"),
  getMany: record("getMany"),
  chunked: record("chunked"),
};

function at(tree: unknown, id: string): unknown {
  return id
    .split(".")
    .reduce<unknown>((node, word) => (node as Record<string, unknown>)[word], tree);
}

describe("the method tree", () => {
  const tree = buildResourceTree(api);

  it("has a method for every catalog endpoint that calls it by id", () => {
    for (const endpoint of endpoints) {
      const method = at(tree, endpoint.id);
      expect(typeof method, endpoint.id).toBe("function");
      (method as (p: unknown) => unknown)({ probe: endpoint.id });
      expect(calls.at(-1)).toEqual(["call", endpoint.id, { probe: endpoint.id }]);
    }
  });

  it("adds paging, totalCount and chunked where the catalog entry allows them", () => {
    const campaigns = at(tree, "campaigns.list") as Record<string, unknown>;
    expect(Object.keys(campaigns).sort()).toEqual(["collect", "items", "pages", "totalCount"]);
    expect(Object.keys(at(tree, "cards.list") as object).sort()).toEqual([
      "collect",
      "items",
      "pages",
    ]);
    // targeted pages (with_active, count, cursor) but has no with_total_count; a collection
    // (the do-not-reach list, one at most) has no cursor to page with.
    expect(Object.keys(at(tree, "custom_audiences.targeted.list") as object).sort()).toEqual([
      "collect",
      "items",
      "pages",
    ]);
    expect(Object.keys(at(tree, "do_not_reach_lists.list") as object)).toEqual([]);
    expect(Object.keys(at(tree, "custom_audiences.batch") as object)).toEqual(["chunked"]);
    expect(typeof (at(tree, "campaigns") as Record<string, unknown>).getMany).toBe("function");
    const batches = endpoints.filter((e) => helpersOf(e).batch).map((e) => e.id);
    expect(batches).toEqual([
      "campaigns.batch",
      "line_items.batch",
      "custom_audiences.batch",
      "custom_audiences.users.batch",
      "do_not_reach_lists.users.batch",
    ]);
  });

  it("no catalog word shadows a client member", () => {
    for (const word of Object.keys(tree)) expect(CLIENT_MEMBERS).not.toContain(word);
  });

  it("the type-level list of streaming endpoints matches the catalog", () => {
    const streams: StreamEndpointId[] = ["activity.stream"];
    expect(endpoints.filter((e) => e.response.kind === "stream").map((e) => e.id)).toEqual(streams);
  });
});
