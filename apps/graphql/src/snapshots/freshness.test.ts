import { describe, expect, it } from "vitest";
import {
  isAnalyticsEndpoint,
  carriesLiveCounts,
  createFreshnessPolicy,
  entityTypeOf,
  keepsHistory,
  POST_DATA_SCOPE,
  writeScopeOf,
} from "./freshness.js";

describe("freshness", () => {
  it("keeps reference data long and entities short, zero meaning never", () => {
    const policy = createFreshnessPolicy({ referenceSeconds: 3600, entitySeconds: 0 });
    expect(policy.freshForMs("bidding_rules.list")).toBe(3_600_000);
    expect(policy.freshForMs("campaigns.list")).toBe(0);
  });

  it("names the entity kind of an endpoint's items", () => {
    expect(entityTypeOf("campaigns.list")).toBe("campaign");
    expect(entityTypeOf("campaigns.batch")).toBe("campaign");
    expect(entityTypeOf("funding_instruments.get")).toBe("funding_instrument");
    expect(entityTypeOf("cards.poll.create")).toBe("poll_card");
    expect(entityTypeOf("cards.video_conversation.list")).toBe("video_conversation_card");
    expect(entityTypeOf("cards.all.list")).toBe("card");
    expect(entityTypeOf("cards.update")).toBe("card");
    expect(entityTypeOf("account_media.list")).toBe("account_media");
    expect(entityTypeOf("accounts.get")).toBe("account");
    expect(entityTypeOf("line_item_curated_categories.create")).toBe("line_item_curated_category");
    expect(entityTypeOf("media_creatives.list")).toBe("media_creative");
  });

  it("never keeps answers with live counts fresh (public metrics change with time)", () => {
    const policy = createFreshnessPolicy({ referenceSeconds: 3600, entitySeconds: 30 });
    const lookup = (fields: Record<string, string[]>) => ({ ids: ["1"], ...fields });
    expect(policy.freshForMs("post_data.posts.lookup", lookup({ "post.fields": ["text"] }))).toBe(
      30_000,
    );
    for (const params of [
      lookup({ "post.fields": ["author_id", "public_metrics"] }),
      lookup({ "media.fields": ["public_metrics"] }),
    ]) {
      expect(carriesLiveCounts("post_data.posts.lookup", params)).toBe(true);
      expect(policy.freshForMs("post_data.posts.lookup", params)).toBe(0);
    }
    expect(policy.freshForMs("posts.list", { post_type: "PUBLISHED" })).toBe(0);
    expect(policy.freshForMs("posts.list", { post_type: "DRAFT" })).toBe(30_000);
  });

  it("gives the post-data API a write scope of its own, and posts no history", () => {
    expect(writeScopeOf("post_data.posts.lookup", null)).toBe(POST_DATA_SCOPE);
    expect(writeScopeOf("post_data.posts.create", null)).toBe(POST_DATA_SCOPE);
    expect(writeScopeOf("campaigns.update", "acc")).toBe("acc");
    expect(keepsHistory("posts.list")).toBe(false);
    expect(keepsHistory("campaigns.list")).toBe(true);
  });

  it("leaves metrics to their own snapshots: stats.get fresh as STATS_FRESH_SECONDS, jobs never", () => {
    const policy = createFreshnessPolicy({
      referenceSeconds: 3600,
      entitySeconds: 30,
      statsSeconds: 60,
    });
    expect(policy.freshForMs("stats.get")).toBe(60_000);
    for (const id of ["stats.jobs.create", "stats.jobs.list", "stats.active_entities.list"])
      expect(policy.freshForMs(id)).toBe(0);
    expect(isAnalyticsEndpoint("stats.jobs.create")).toBe(true);
    expect(isAnalyticsEndpoint("campaigns.list")).toBe(false);
    // Ended ranges answer from snapshots even with no freshness for open ones.
    const closedOnly = createFreshnessPolicy({ referenceSeconds: 0, entitySeconds: 0 });
    expect(closedOnly.freshForMs("stats.get")).toBe(Infinity);
  });
});
