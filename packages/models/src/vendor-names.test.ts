import { describe, expect, it } from "vitest";
import { fromVendor, toVendor } from "./vendor-names.js";

describe("vendor names at the edge", () => {
  it("renames tweet keys to post keys, deeply, and back", () => {
    const vendor = {
      data: [{ tweet_id: "1", retweet_count: 2, nested: { promoted_tweet_ids: ["3"] } }],
      request: { params: { tweet_type: "PUBLISHED" } },
    };
    const spec = fromVendor(vendor);
    expect(spec).toEqual({
      data: [{ post_id: "1", repost_count: 2, nested: { promoted_post_ids: ["3"] } }],
      request: { params: { post_type: "PUBLISHED" } },
    });
    expect(toVendor(spec)).toEqual(vendor);
  });

  it("never renames values", () => {
    expect(fromVendor({ data_type: "promoted_tweet", product_type: "PROMOTED_TWEETS" })).toEqual({
      data_type: "promoted_tweet",
      product_type: "PROMOTED_TWEETS",
    });
  });

  it("keeps both keys when the target already exists, so nothing is overwritten", () => {
    const both = { tweet_id: "1", post_id: "2" };
    expect(fromVendor(both)).toEqual(both);
    expect(toVendor(fromVendor(both))).toEqual(both);
  });

  it("keeps keys named like Object members as plain keys (never a prototype, never renamed)", () => {
    const payload: unknown = JSON.parse(
      '{"constructor":"c","toString":"t","__proto__":{"tweet_id":"1"}}',
    );
    const renamed = fromVendor(payload) as Record<string, unknown>;
    expect(Object.keys(renamed)).toEqual(["constructor", "toString", "__proto__"]);
    expect(Object.getPrototypeOf(renamed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(renamed, "__proto__")?.value).toEqual({ post_id: "1" });
    expect(renamed.constructor).toBe("c");
  });

  it("maps conversation-card CTA texts", () => {
    expect(toVendor({ first_cta_post: "yes" })).toEqual({ first_cta_tweet: "yes" });
  });
});
