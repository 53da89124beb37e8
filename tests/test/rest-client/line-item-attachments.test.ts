import { readFileSync } from "node:fs";
import path from "node:path";
import {
  audienceEstimateSchema,
  fromVendor,
  getEndpoint,
  lineItemCuratedCategorySchema,
  mediaCreativeSchema,
  promotedAccountSchema,
  promotedPostSchema,
  trackingTagSchema,
} from "@adsgraph/models";
import type { PromotedPost, TrackingTag } from "@adsgraph/models";
import { RestApiError, RestValidationError } from "@adsgraph/rest-client";
import type { ResponseEvent, RestClient } from "@adsgraph/rest-client";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { DEMO, DEMO_ACCOUNT, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";
import { SECTION_4_6 } from "../support/section-4-6.js";

const FIXTURES = path.resolve(
  import.meta.dirname,
  "..",
  "..",
  "..",
  "..",
  "shared",
  "fixtures",
  "vendor-sdk",
);

type Json = Record<string, unknown>;

/** A recorded body with the spec's names (`tweet_id` → `post_id`), its items as an array. */
function recordedItems(name: string): Json[] {
  const body = fromVendor(JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), "utf8")));
  const data = (body as Json).data;
  return (Array.isArray(data) ? data : [data]) as Json[];
}

/** Keys some recorded item has and none of ours. */
function missingKeys(ours: readonly object[], theirs: readonly Json[]): string[] {
  const have = new Set(ours.flatMap((item) => Object.keys(item)));
  return [...new Set(theirs.flatMap((item) => Object.keys(item)))].filter((key) => !have.has(key));
}

/** The demo account's seeded line items (ads-api seed/demo-line-items.ts). */
const LINE = {
  websiteClicks: `${DEMO_ACCOUNT}l1`,
  followers: `${DEMO_ACCOUNT}l2`,
  preroll: `${DEMO_ACCOUNT}l3`,
  engagements: `${DEMO_ACCOUNT}l4`,
} as const;
/** The demo account's banner account media (seed/demo-account.ts). */
const BANNER = `${DEMO_ACCOUNT}m2`;

describe.each(TEST_ENGINES)(
  "rest-client against ads-api: §4.6 line item attachments on %s",
  (engine) => {
    let api: AdsApi;
    let client: RestClient;
    const answered = new Map<string, number[]>();
    const account_id = DEMO_ACCOUNT;

    beforeAll(async () => {
      api = await startAdsApi({ engine });
      client = api.client({
        hooks: {
          onResponse: (event: ResponseEvent) => {
            answered.set(event.endpointId, [
              ...(answered.get(event.endpointId) ?? []),
              event.status,
            ]);
          },
        },
      });
    });
    afterAll(() => api.close());

    it("links curated categories: create, update, delete", async () => {
      const created = await client.line_item_curated_categories.create({
        account_id,
        line_item_id: LINE.preroll,
        curated_category_id: "aa",
      });
      const link = lineItemCuratedCategorySchema.parse(created.data);
      expect(link).toMatchObject({ line_item_id: LINE.preroll, curated_category_id: "aa" });
      const updated = await client.line_item_curated_categories.update({
        account_id,
        line_item_curated_category_id: link.id,
        curated_category_id: "ab",
      });
      expect(updated.data.curated_category_id).toBe("ab");
      // The list and read beyond the spec (the catalog marks them so).
      const listed = await client.line_item_curated_categories.list({
        account_id,
        line_item_ids: [LINE.preroll],
      });
      expect(listed.data.map((l) => l.id)).toContain(link.id);
      const read = await client.line_item_curated_categories.get({
        account_id,
        line_item_curated_category_id: link.id,
      });
      expect(read.data).toMatchObject({ id: link.id, curated_category_id: "ab" });
      const deleted = await client.line_item_curated_categories.delete({
        account_id,
        line_item_curated_category_id: link.id,
      });
      expect(deleted.data.deleted).toBe(true);
      await expect(
        client.line_item_curated_categories.delete({
          account_id,
          line_item_curated_category_id: link.id,
        }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 404 });
      const unknown = await client.line_item_curated_categories
        .create({ account_id, line_item_id: LINE.preroll, curated_category_id: "zz" })
        .catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(RestApiError);
      expect((unknown as RestApiError).codes).toEqual(["INVALID_PARAMETER"]);
    });

    it("makes media creatives: landing_url required on WEBSITE_CLICKS, lists by campaign, reads, deletes", async () => {
      const missing = await client.media_creatives
        .create({ account_id, line_item_id: LINE.websiteClicks, account_media_id: BANNER })
        .catch((e: unknown) => e);
      expect(missing).toMatchObject({ name: "RestApiError", status: 400 });
      expect((missing as RestApiError).codes).toEqual(["MISSING_PARAMETER"]);
      const created = await client.media_creatives.create({
        account_id,
        line_item_id: LINE.websiteClicks,
        account_media_id: BANNER,
        landing_url: "https://example.com/spring",
      });
      const creative = mediaCreativeSchema.parse(created.data);
      expect(creative).toMatchObject({ account_media_id: BANNER, creative_type: "BANNER" });
      const byCampaign = await client.media_creatives.list({
        account_id,
        campaign_id: `${DEMO_ACCOUNT}c1`,
      });
      expect(byCampaign.data.map((item) => item.id)).toContain(creative.id);
      const many = await client.media_creatives.getMany({
        account_id,
        ids: [creative.id, "gone1"],
      });
      expect(many.found.map((item) => item.id)).toEqual([creative.id]);
      const read = await client.media_creatives.get({ account_id, media_creative_id: creative.id });
      expect(read.data).toEqual(created.data);
      const deleted = await client.media_creatives.delete({
        account_id,
        media_creative_id: creative.id,
      });
      expect(deleted.data.deleted).toBe(true);
    });

    it("promotes accounts: INCOMPATIBLE_LINE_ITEM, an ineligible user, an already promoted one ignored", async () => {
      const incompatible = await client.promoted_accounts
        .create({ account_id, line_item_id: LINE.engagements, user_id: DEMO.user.id })
        .catch((e: unknown) => e);
      expect(incompatible).toBeInstanceOf(RestApiError);
      expect((incompatible as RestApiError).codes).toEqual(["INCOMPATIBLE_LINE_ITEM"]);
      await expect(
        client.promoted_accounts.create({
          account_id,
          line_item_id: LINE.followers,
          user_id: "999999999999999999",
        }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 400 });

      const created = await client.promoted_accounts.create({
        account_id,
        line_item_id: LINE.followers,
        user_id: DEMO.user.id,
      });
      const record = promotedAccountSchema.parse(created.data);
      expect(record.user_id).toBe(DEMO.user.id);
      const again = await client.promoted_accounts.create({
        account_id,
        line_item_id: LINE.followers,
        user_id: DEMO.user.id,
      });
      expect(again.data.id).toBe(record.id);
      const listed = await client.promoted_accounts.list({
        account_id,
        line_item_ids: [LINE.followers],
      });
      expect(listed.data.map((item) => item.id)).toEqual([record.id]);
      const none = await client.promoted_accounts
        .list({ account_id, line_item_ids: [LINE.engagements] })
        .catch((e: unknown) => e);
      expect(none).toMatchObject({ name: "RestApiError", status: 400 });
      const read = await client.promoted_accounts.get({
        account_id,
        promoted_account_id: record.id,
      });
      expect(read.data.user_id).toBe(DEMO.user.id);
      const deleted = await client.promoted_accounts.delete({
        account_id,
        promoted_account_id: record.id,
      });
      expect(deleted.data.deleted).toBe(true);
      expect(Object.keys(client.promoted_accounts)).not.toContain("update");
    });

    it("lists the seeded promoted posts with every recorded field and post_id as digits", async () => {
      const listed = await client.promoted_posts.list({ account_id, with_total_count: true });
      expectTypeOf(listed.data).items.toEqualTypeOf<PromotedPost>();
      const posts = listed.data.map((post) => promotedPostSchema.parse(post));
      expect(posts.length).toBeGreaterThan(0);
      expect(listed.total_count).toBe(posts.length);
      for (const post of posts) expect(post.post_id).toMatch(/^\d{18,19}$/);
      expect(missingKeys(posts, recordedItems("promoted_tweets_all"))).toEqual([]);
      expect(missingKeys(posts, recordedItems("promoted_tweets_load"))).toEqual([]);
      const byLine = await client.promoted_posts.list({
        account_id,
        line_item_ids: [LINE.engagements],
        count: 2,
      });
      expect(byLine.data).toHaveLength(2);
      expect(byLine.next_cursor).not.toBeNull();
      const all = await client.promoted_posts.list.collect({
        account_id,
        line_item_ids: [LINE.engagements],
        count: 2,
      });
      expect(all.map((post) => post.line_item_id)).toEqual([
        LINE.engagements,
        LINE.engagements,
        LINE.engagements,
      ]);
    });

    it("tags line items: create, list, read, update, delete; a bad URL never leaves the client", async () => {
      const created = await client.tracking_tags.create({
        account_id,
        line_item_id: LINE.engagements,
        tracking_tag_type: "CLICK_TRACKER",
        tracking_tag_url: "https://track.example/c",
      });
      const tag: TrackingTag = trackingTagSchema.parse(created.data);
      const listed = await client.tracking_tags.list({ account_id, tracking_tag_ids: [tag.id] });
      expect(listed.data).toEqual([created.data]);
      const updated = await client.tracking_tags.update({
        account_id,
        tracking_tag_id: tag.id,
        tracking_tag_url: "https://track.example/d",
      });
      expect(updated.data.tracking_tag_url).toBe("https://track.example/d");
      expect(
        (await client.tracking_tags.get({ account_id, tracking_tag_id: tag.id })).data,
      ).toEqual(updated.data);
      expect(
        (await client.tracking_tags.delete({ account_id, tracking_tag_id: tag.id })).data.deleted,
      ).toBe(true);
      const sentBefore = (await api.requests.entries("tracking_tags.update")).length;
      await expect(
        client.tracking_tags.update({
          account_id,
          tracking_tag_id: tag.id,
          tracking_tag_url: "not a url",
        }),
      ).rejects.toBeInstanceOf(RestValidationError);
      expect(await api.requests.entries("tracking_tags.update")).toHaveLength(sentBefore);
    });

    it("estimates an audience from a JSON body, deterministically, keeping the recorded fields", async () => {
      const criteria = [
        { targeting_type: "LOCATION", targeting_value: "96683cc9126741d1" },
        { targeting_type: "BROAD_KEYWORD", targeting_value: "coffee" },
      ] as const;
      const first = await client.audience_estimate.estimate({
        account_id,
        targeting_criteria: [...criteria],
      });
      const estimate = audienceEstimateSchema.parse(first.data);
      expect(missingKeys([estimate], recordedItems("audience_estimate"))).toEqual([]);
      const second = await client.audience_estimate.estimate({
        account_id,
        targeting_criteria: [...criteria].reverse(),
        operator_type: "EQ",
      });
      expect(second.data).toEqual(first.data);
      await expect(
        client.audience_estimate.estimate({
          account_id,
          targeting_criteria: [{ targeting_type: "AGE", targeting_value: "AGE_18_TO_34" }],
        }),
      ).rejects.toBeInstanceOf(RestValidationError);
      expect(getEndpoint("audience_estimate.estimate").location).toBe("json");
    });

    // Keep last: it reads what every test above sent.
    it("called every §4.6 endpoint ads-api serves, each answered 2xx at least once", async () => {
      const log = await api.requests.entries();
      const missing = SECTION_4_6.filter((id) => {
        const byClient = (answered.get(id) ?? []).some((status) => status < 400);
        const byServer = log.some((entry) => entry.endpointId === id && entry.status < 400);
        return !(byClient && byServer);
      });
      expect(missing).toEqual([]);
    });
  },
);
