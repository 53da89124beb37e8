import { describe, expect, it } from "vitest";
import { NotFoundError } from "../errors/facade-errors.js";
import { scriptedClient } from "../../test/support/scripted-client.js";
import { createLoaders } from "./loaders.js";

const ids = (n: number, from = 100) => Array.from({ length: n }, (_, i) => String(from + i));

function upstream() {
  return scriptedClient(({ endpointId, params }) => {
    const asked = (params.post_ids as string[] | undefined) ?? [];
    if (endpointId === "post_previews.list") {
      // 404 posts have no preview.
      return {
        data: asked
          .filter((id) => id !== "404")
          .map((id) => ({ post_id: id, preview: `<iframe ${id}>` })),
      };
    }
    if (endpointId === "posts.list") {
      return {
        data: asked
          .filter((id) => id !== "404")
          .map((id) => ({ id, text: `draft ${id}`, user_id: "7" })),
        next_cursor: null,
      };
    }
    throw new Error(endpointId);
  });
}

describe("post reads of the advertising API", () => {
  it("read previews asked together per account and post type, post_ids of ≤200", async () => {
    const { client, calls } = upstream();
    const loaders = createLoaders(client, { batching: true });
    const keys = [
      ...ids(250).map((postId) => ({ accountId: "a1", postType: "PUBLISHED" as const, postId })),
      { accountId: "a1", postType: "DRAFT" as const, postId: "9" },
      { accountId: "a2", postType: "PUBLISHED" as const, postId: "404" },
    ];
    const previews = await loaders.accountPosts.preview.loadMany(keys);
    expect(
      calls.map((c) => [
        c.params.account_id,
        c.params.post_type,
        (c.params.post_ids as string[]).length,
      ]),
    ).toEqual([
      ["a1", "PUBLISHED", 200],
      ["a1", "PUBLISHED", 50],
      ["a1", "DRAFT", 1],
      ["a2", "PUBLISHED", 1],
    ]);
    expect(previews[0]).toBe("<iframe 100>");
    expect(previews[251]).toBeInstanceOf(NotFoundError);
  });

  it("read drafts by id per account through the posts list, missing ones failing alone", async () => {
    const { client, calls } = upstream();
    const loaders = createLoaders(client, { batching: true });
    const drafts = await loaders.accountPosts.draft.loadMany(["a1/1", "a1/2", "a2/3", "a1/404"]);
    expect(calls.map((c) => [c.params.account_id, c.params.post_type, c.params.post_ids])).toEqual([
      ["a1", "DRAFT", ["1", "2", "404"]],
      ["a2", "DRAFT", ["3"]],
    ]);
    // Whatever the list would leave out by default: organic ones, mentions and replies.
    expect(calls[0]?.params).toMatchObject({
      timeline_type: "ALL",
      include_mentions_and_replies: true,
    });
    expect(drafts[0]).toMatchObject({ id: "1", account_id: "a1", post_type: "DRAFT" });
    expect(drafts[3]).toBeInstanceOf(NotFoundError);
  });
});
