import type { PostField } from "@adsgraph/models";
import { RestNetworkError } from "@adsgraph/rest-client";
import { describe, expect, it } from "vitest";
import { createAccountAccess } from "../access/account-access.js";
import { scriptedClient } from "../../test/support/scripted-client.js";
import { CacheMarks } from "./cache-report.js";
import { createFreshnessPolicy, POST_DATA_SCOPE } from "./freshness.js";
import type { SnapshotInput, SnapshotRepository, SnapshotVersion } from "./snapshot-repository.js";
import { snapshotMiddleware } from "./snapshot-upstream.js";
import type { SnapshotWriter } from "./snapshot-writer.js";

// Snapshots of posts (spec §2.12, §4.7, §4.9): lookups with different fields never answer for
// each other, answers with live counts are never fresh (nor recorded), a post-data write voids
// the lookups read before it, and posts keep no per-resource history.

function memory() {
  const rows = new Map<string, SnapshotVersion>();
  const repository: SnapshotRepository = {
    record(inputs: readonly SnapshotInput[]) {
      for (const input of inputs) {
        rows.set(`${input.resourceType}|${input.resourceId}`, {
          ...input,
          version: 1,
          contentHash: "",
          checkedAt: input.fetchedAt,
        });
      }
      return Promise.resolve(inputs.length);
    },
    latest: (type, ids) =>
      Promise.resolve(
        new Map(
          ids.flatMap((id) => {
            const row = rows.get(`${type}|${id}`);
            return row ? [[id, row] as const] : [];
          }),
        ),
      ),
    history: () => Promise.resolve([]),
    prune: () => Promise.resolve(0),
  };
  const writer: SnapshotWriter = {
    enqueue: (build) => void repository.record(build()),
    requestStarted: () => () => undefined,
    flush: () => Promise.resolve(),
    idle: true,
    queued: 0,
  };
  return { repository, writer, rows };
}

function setup() {
  let clock = 1_000_000;
  let down = false;
  const calls: string[] = [];
  const store = memory();
  const post = { id: "11", text: "hi", author_id: "7" };
  const { client } = scriptedClient(({ endpointId, params }) => {
    calls.push(endpointId);
    if (down) {
      throw new RestNetworkError({ method: "GET", endpointId, path: "/2/posts" }, "refused", {
        possiblyApplied: false,
        attempts: 1,
      });
    }
    if (endpointId === "post_data.posts.create") {
      return { data: { id: "12", text: "edited", edit_history_post_ids: ["11", "12"] } };
    }
    if (endpointId === "posts.list") return { data: [{ id: "11", text: "hi" }], next_cursor: null };
    if (endpointId === "authenticated_user_access.get") return { data: { permissions: [] } };
    const fields = params["post.fields"];
    const metrics = Array.isArray(fields) && fields.includes("public_metrics");
    return {
      data: [{ ...post, ...(metrics && { public_metrics: { like_count: clock } }) }],
    };
  });
  const access = createAccountAccess({ ttlMs: 60_000, now: () => clock });
  const accountWrites = new Map<string, number>();
  const upstream = () =>
    client.with({
      middleware: [
        snapshotMiddleware({
          ...store,
          upstream: client,
          access,
          accountWrites,
          marks: new CacheMarks(),
          userId: "u1",
          policy: createFreshnessPolicy({ referenceSeconds: 3600, entitySeconds: 30 }),
          now: () => clock,
        }),
      ],
    });
  return {
    calls,
    rows: store.rows,
    accountWrites,
    upstream,
    tick: (ms: number) => (clock += ms),
    setDown: (value: boolean) => (down = value),
  };
}

const lookup = (fields?: PostField[]) => ({
  ids: ["11"],
  ...(fields && { "post.fields": fields }),
});

describe("post snapshots", () => {
  it("never answer a lookup with another field set's snapshot", async () => {
    const { calls, upstream, tick } = setup();
    await upstream().call("post_data.posts.lookup", lookup(["author_id"]));
    tick(1_000);
    await upstream().call("post_data.posts.lookup", lookup());
    await upstream().call("post_data.posts.lookup", lookup(["author_id", "lang"]));
    expect(calls).toEqual(Array(3).fill("post_data.posts.lookup"));
    // The same fields again: its own fresh snapshot answers.
    await upstream().call("post_data.posts.lookup", lookup(["author_id"]));
    expect(calls).toHaveLength(3);
  });

  it("never serve live counts as fresh, and do not record them", async () => {
    const { calls, rows, upstream, tick, setDown } = setup();
    const first = await upstream().call("post_data.posts.lookup", lookup(["public_metrics"]));
    tick(1_000);
    const second = await upstream().call("post_data.posts.lookup", lookup(["public_metrics"]));
    expect(calls).toHaveLength(2);
    expect(second.data?.[0]?.public_metrics?.like_count).toBe(
      (first.data?.[0]?.public_metrics?.like_count ?? 0) + 1_000,
    );
    expect([...rows.keys()].filter((key) => key.startsWith("query:post_data"))).toEqual([]);
    // The published posts list embeds counts too; drafts do not.
    await upstream().call("posts.list", { account_id: "acc", post_type: "PUBLISHED" });
    await upstream().call("posts.list", { account_id: "acc", post_type: "PUBLISHED" });
    await upstream().call("posts.list", { account_id: "acc", post_type: "DRAFT" });
    await upstream().call("posts.list", { account_id: "acc", post_type: "DRAFT" });
    expect(calls.filter((id) => id === "posts.list")).toHaveLength(3);
    // Nothing recorded: an outage has no stale answer for them.
    setDown(true);
    await expect(
      upstream().call("post_data.posts.lookup", lookup(["public_metrics"])),
    ).rejects.toThrow(RestNetworkError);
  });

  it("void every lookup snapshot read before a post-data write", async () => {
    const { calls, accountWrites, upstream, tick } = setup();
    await upstream().call("post_data.posts.lookup", lookup(["author_id"]));
    tick(1_000);
    await upstream().call("post_data.posts.create", {
      text: "edited",
      edit_options: { previous_post_id: "11" },
    });
    expect(accountWrites.get(POST_DATA_SCOPE)).toBeDefined();
    tick(1_000);
    await upstream().call("post_data.posts.lookup", lookup(["author_id"]));
    expect(calls).toEqual([
      "post_data.posts.lookup",
      "post_data.posts.create",
      "post_data.posts.lookup",
    ]);
  });

  it("keep no per-post history", async () => {
    const { rows, upstream } = setup();
    await upstream().call("post_data.posts.lookup", lookup(["author_id"]));
    await upstream().call("posts.list", { account_id: "acc", post_type: "DRAFT" });
    await upstream().call("post_data.posts.create", { text: "new" });
    const kinds = [...rows.keys()].map((key) => key.split("|")[0]);
    expect(kinds.every((kind) => kind?.startsWith("query:"))).toBe(true);
  });
});
