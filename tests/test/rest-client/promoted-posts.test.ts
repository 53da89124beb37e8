import {
  accountFeatureSchema,
  getEndpoint,
  pollCardSchema,
  promotedPostSchema,
} from "@adsgraph/models";
import type { PromotedPost } from "@adsgraph/models";
import { RestApiError, RestValidationError } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { DEMO_ACCOUNT, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";

/** The demo account's PROMOTED_POSTS line item without seeded promoted posts (seed/demo-line-items.ts). */
const REACH_LINE = `${DEMO_ACCOUNT}l5`;

/**
 * Issue 33's endpoints beyond the spec through the client generated from the catalog: promoted
 * posts create, read and delete (the vendor's promoted_tweets), poll card delete, features.
 */
describe("rest-client against ads-api: promoted posts, poll card delete, account features", () => {
  let api: AdsApi;
  let client: RestClient;
  const account_id = DEMO_ACCOUNT;

  beforeAll(async () => {
    api = await startAdsApi();
    client = api.client();
  });
  afterAll(() => api.close());

  it("promotes published posts, reads one back and stops promoting it", async () => {
    const posts = await client.posts.list({ account_id, post_type: "PUBLISHED", count: 2 });
    const postIds = posts.data.map((post) => post.id);
    expect(postIds).toHaveLength(2);
    const created = await client.promoted_posts.create({
      account_id,
      line_item_id: REACH_LINE,
      post_ids: postIds,
    });
    expectTypeOf(created.data).toEqualTypeOf<PromotedPost[]>();
    expect(created.data.map((record) => promotedPostSchema.parse(record).post_id)).toEqual(postIds);
    expect(created.total_count).toBe(2);
    const [first] = created.data;
    if (first === undefined) throw new Error("nothing promoted");
    const read = await client.promoted_posts.get({ account_id, promoted_post_id: first.id });
    expect(read.data).toEqual(first);
    const deleted = await client.promoted_posts.delete({ account_id, promoted_post_id: first.id });
    expect(deleted.data).toMatchObject({ id: first.id, deleted: true });
    await expect(
      client.promoted_posts.delete({ account_id, promoted_post_id: first.id }),
    ).rejects.toMatchObject({ name: "RestApiError", status: 404 });
    const kept = await client.promoted_posts.get({
      account_id,
      promoted_post_id: first.id,
      with_deleted: true,
    });
    expect(kept.data.deleted).toBe(true);
  });

  it("checks post_ids before sending (at most 50 digit ids) and carries the server's refusals", async () => {
    const many = Array.from({ length: 51 }, (_unused, index) => String(index + 1));
    const local = await client.promoted_posts
      .create({ account_id, line_item_id: REACH_LINE, post_ids: many })
      .catch((e: unknown) => e);
    expect(local).toBeInstanceOf(RestValidationError);
    expect(getEndpoint("promoted_posts.create").beyondSpec).toMatch(/promoted_tweets/);
    const followers = `${DEMO_ACCOUNT}l2`;
    const posts = await client.posts.list({ account_id, post_type: "PUBLISHED", count: 1 });
    const refused = await client.promoted_posts
      .create({ account_id, line_item_id: followers, post_ids: posts.data.map((p) => p.id) })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RestApiError);
    expect(refused).toMatchObject({ status: 400 });
    expect((refused as RestApiError).errors[0]).toMatchObject({
      code: "INCOMPATIBLE_LINE_ITEM",
      parameter: "line_item_id",
    });
  });

  it("deletes a poll card and reads the account's features", async () => {
    const poll = await client.cards.poll.create({
      account_id,
      name: "Client poll",
      duration_in_minutes: 60,
      first_choice: "Yes",
      second_choice: "No",
    });
    const deleted = await client.cards.poll.delete({ account_id, card_id: poll.data.id });
    expect(pollCardSchema.parse(deleted.data)).toMatchObject({ id: poll.data.id, deleted: true });
    const features = await client.features.list({ account_id });
    expect(features.data.map((key) => accountFeatureSchema.parse(key))).toContain(
      "PROMOTED_MEDIA_POLLS",
    );
    const named = await client.features.list({ account_id, feature_keys: ["CITY_TARGETING"] });
    expect(named.data).toEqual([]);
  });
});
