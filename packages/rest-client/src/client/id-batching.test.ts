import { endpoints, getEndpoint, idListMax } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { chunk, idsPerRequest, mapBounded, matchIds } from "./id-batching.js";

describe("the catalog's id lookups", () => {
  it("are the lists getMany looks up through, each with the item field its ids match", () => {
    const table = Object.fromEntries(
      endpoints.flatMap((e) => {
        const { lookups } = e;
        return lookups.length === 0 ? [] : [[e.id, lookups.map((l) => `${l.param}→${l.key}`)]];
      }),
    );
    expect(table).toEqual({
      "accounts.list": ["account_ids→id"],
      "campaigns.list": ["campaign_ids→id"],
      "funding_instruments.list": ["funding_instrument_ids→id"],
      "line_items.list": ["line_item_ids→id"],
      "media_creatives.list": ["media_creative_ids→id"],
      "promoted_accounts.list": ["promoted_account_ids→id"],
      "promoted_posts.list": ["promoted_post_ids→id"],
      "tracking_tags.list": ["tracking_tag_ids→id"],
      "cards.list": ["card_id→id", "card_uris→card_uri"],
      "cards.all.list": ["card_uris→card_uri"],
      "cards.video_conversation.list": ["card_ids→id"],
      "cards.image_conversation.list": ["card_ids→id"],
      "cards.poll.list": ["card_ids→id"],
      "account_media.list": ["account_media_ids→id"],
      "post_previews.list": ["post_ids→post_id"],
      "posts.list": ["post_ids→id"],
      "tailored_audiences.permissions.list": ["tailored_audience_permission_ids→id"],
      "custom_audiences.list": ["custom_audience_ids→id"],
      "custom_audiences.permissions.list": ["custom_audience_permission_ids→id"],
      // issue 36: jobs looked up by id (a SUCCESS job names its result file)
      "stats.jobs.list": ["job_ids→id"],
      "post_data.posts.lookup": ["ids→id"],
      "promotable_users.list": ["promotable_user_ids→id"],
    });
  });
});

describe("id batching", () => {
  it("chunks at each id list's own maximum: 200, and 100 for the post-data lookup", () => {
    const ids = Array.from({ length: 450 }, (_, i) => String(i));
    const campaigns = idsPerRequest(getEndpoint("campaigns.list"), "campaign_ids");
    const posts = idsPerRequest(getEndpoint("post_data.posts.lookup"), "ids");
    expect([campaigns, posts]).toEqual([200, 100]);
    expect(chunk(ids, campaigns).map((c) => c.length)).toEqual([200, 200, 50]);
    expect(chunk(ids, posts).map((c) => c.length)).toEqual([100, 100, 100, 100, 50]);
    // Every lookup of the catalog carries its own maximum (no lookup falls back to 200).
    for (const endpoint of endpoints) {
      for (const lookup of endpoint.lookups) {
        expect(typeof idListMax(endpoint, lookup.param), `${endpoint.id} ${lookup.param}`).toBe(
          "number",
        );
      }
    }
    expect(() => chunk(ids, 0)).toThrow(RangeError);
  });

  it("matches items back in input order, once per id, reporting the missing", () => {
    const items = [{ id: "b" }, { id: "a" }, { id: "x" }];
    expect(matchIds(["a", "c", "b", "a"], items, "id")).toEqual({
      found: [{ id: "a" }, { id: "b" }],
      missing: ["c"],
    });
  });

  it("keeps results in input order under bounded concurrency and reports the first failure", async () => {
    let running = 0;
    let peak = 0;
    const out = await mapBounded([30, 5, 20, 1], 2, async (ms, i) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    await expect(
      mapBounded([1, 2], 2, (n) =>
        n === 2 ? Promise.reject(new Error("no")) : Promise.resolve(n),
      ),
    ).rejects.toThrow("no");
  });
});
