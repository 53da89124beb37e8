import { describe, expect, it } from "vitest";
import { createFreshnessPolicy, entityTypeOf } from "./freshness.js";

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
});
