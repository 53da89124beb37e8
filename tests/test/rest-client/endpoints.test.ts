import { readFileSync } from "node:fs";
import {
  accessTokenResultSchema,
  adsPostSchema,
  accountAppSchema,
  accountHistoryEntrySchema,
  audiencePermissionSchema,
  accountMediaSchema,
  accountSchema,
  advertiserBusinessCategorySchema,
  authenticatedUserAccessSchema,
  bearerTokenResultSchema,
  biddingRuleSchema,
  campaignSchema,
  cardSchema,
  contentCategorySchema,
  conversationCardSchema,
  customAudienceSchema,
  dataPostCreateResultSchema,
  dataPostsLookupSchema,
  doNotReachListSchema,
  draftPostSchema,
  fundingInstrumentSchema,
  getEndpoint,
  iabCategorySchema,
  invalidatedTokenResultSchema,
  keywordInsightSchema,
  lineItemSchema,
  mediaKey,
  mediaLibraryObjectSchema,
  placementSchema,
  pollCardSchema,
  postPreviewSchema,
  promotableUserSchema,
  promotedPostSchema,
  requestTokenResultSchema,
  scheduledPostSchema,
  targetedAudienceEntrySchema,
  targetingCriterionResourceSchema,
  taxSettingsSchema,
  userSettingsSchema,
  usersBatchResultSchema,
} from "@adsgraph/models";
import type {
  AccessTokenResult,
  Account,
  AdsPost,
  Campaign,
  Card,
  EndpointId,
  FundingInstrument,
  IabCategory,
  LineItem,
  PromotableUser,
  PromotedPost,
} from "@adsgraph/models";
import { serializeForm } from "@adsgraph/oauth";
import {
  REST_CLIENT_ERROR_CODES,
  RestApiError,
  activeEntities,
  fetchStats,
  hashAudienceUsers,
  runStatsJobs,
  RestAuthError,
  RestClientError,
} from "@adsgraph/rest-client";
import type { ResponseEvent, RestClient } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  DEMO,
  DEMO_ACCOUNT,
  DEMO_AUTH,
  OTHER_DEMO_ACCOUNT,
  present,
  probeServedEndpoints,
  startAdsApi,
  wholeHour,
} from "../support/ads-api.js";
import type { AdsApi, ServedEndpoints } from "../support/ads-api.js";
import { SECTION_4_6 } from "../support/section-4-6.js";
import { WebhookReceiver } from "../support/webhook-receiver.js";

/** The recorded vendor responses (../shared beside the repository). */
const VENDOR_FIXTURES = new URL("../../../../shared/fixtures/vendor-sdk/", import.meta.url);

/**
 * Every endpoint apps/ads-api serves, called through the client against the running service,
 * each typed result checked. The served set comes from ads-api itself (see
 * `probeServedEndpoints`), and the last test fails when one was never called successfully.
 */
describe("rest-client against apps/ads-api: every served endpoint", () => {
  let api: AdsApi;
  let served: ServedEndpoints;
  let client: RestClient;
  /** What the client's own hooks saw: endpoint id → statuses. */
  const answered = new Map<string, number[]>();
  const account_id = DEMO_ACCOUNT;

  beforeAll(async () => {
    api = await startAdsApi();
    served = await probeServedEndpoints(api.urls);
    await api.requests.reset();
    client = api.client({
      hooks: {
        onResponse: (event: ResponseEvent) => {
          answered.set(event.endpointId, [...(answered.get(event.endpointId) ?? []), event.status]);
        },
      },
    });
  });
  afterAll(() => api.close());

  const rolesOf = async (id: EndpointId) =>
    (await api.requests.entries(id)).map((entry) => entry.role);

  describe("accounts (spec §4.3)", () => {
    it("lists, reads and checks access on the demo accounts", async () => {
      const accounts = await client.accounts.list({ with_total_count: true });
      expectTypeOf(accounts.data).items.toEqualTypeOf<Account>();
      // The two full demo accounts, then issue 17's account of another business.
      expect(accounts.data.map((account) => accountSchema.parse(account).id)).toEqual([
        DEMO_ACCOUNT,
        OTHER_DEMO_ACCOUNT,
        DEMO.otherBusinessAccount.id,
      ]);
      expect(accounts.total_count).toBe(3);
      expect(accounts.next_cursor).toBeNull();

      const account = await client.accounts.get({ account_id });
      expect(accountSchema.parse(account.data)).toMatchObject({
        id: account_id,
        name: DEMO.accounts[0].name,
        industry_type: "RESTAURANT",
        deleted: false,
      });
      expect(account.request.params).toMatchObject({ account_id });

      const apps = await client.account_apps.list({ account_id });
      expect(apps.data.map((app) => accountAppSchema.parse(app))).toMatchObject([
        { id: `${account_id}a1`, os_type: "ANDROID", app_store_identifier: "com.example.demo" },
        { id: `${account_id}a2`, os_type: "IOS", app_store_identifier: "333903271" },
      ]);

      const access = await client.authenticated_user_access.get({ account_id });
      expect(authenticatedUserAccessSchema.parse(access.data)).toMatchObject({
        user_id: DEMO.user.id,
        permissions: ["ACCOUNT_ADMIN", "POST_COMPOSER"],
      });
    });

    it("creates and deletes an account on the sandbox host, updating it on the ads host", async () => {
      const created = await client.accounts.create();
      const id = accountSchema.parse(created.data).id;
      expect(created.data.deleted).toBe(false);
      const renamed = await client.accounts.update({
        account_id: id,
        name: "Integration account",
        industry_type: "RETAIL",
      });
      expect(accountSchema.parse(renamed.data)).toMatchObject({
        id,
        name: "Integration account",
        industry_type: "RETAIL",
      });
      const deleted = await client.accounts.delete({ account_id: id });
      expect(accountSchema.parse(deleted.data)).toMatchObject({ id, deleted: true });
      await expect(client.accounts.get({ account_id: id })).rejects.toMatchObject({
        name: "RestApiError",
        status: 404,
      });
      const kept = await client.accounts.get({ account_id: id, with_deleted: true });
      expect(kept.data.deleted).toBe(true);

      // The client sends each endpoint to its catalog host role.
      expect(await rolesOf("accounts.create")).toEqual(["ads-sandbox"]);
      expect(await rolesOf("accounts.update")).toEqual(["ads"]);
      expect(await rolesOf("accounts.delete")).toEqual(["ads-sandbox"]);
    });

    it("gets SANDBOX_ONLY when its sandbox host points at the production host", async () => {
      const misrouted = api.client({ hosts: { ...api.urls, "ads-sandbox": api.urls.ads } });
      const error = await misrouted.accounts.create().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestApiError);
      expect(error).toMatchObject({ status: 403, endpointId: "accounts.create" });
      expect((error as RestApiError).codes).toEqual(["SANDBOX_ONLY"]);
      await misrouted.close();
      await expect(misrouted.close()).resolves.toBeUndefined(); // closing twice is harmless
    });

    it("updates tax settings and reads and updates the user's settings", async () => {
      const tax = await client.tax_settings.update({
        account_id,
        tax_category: "BUSINESS_WITH_VAT",
        address_name: "Roastery HQ",
      });
      expect(taxSettingsSchema.parse(tax.data)).toMatchObject({
        tax_category: "BUSINESS_WITH_VAT",
        address_name: "Roastery HQ",
      });

      const user_id = DEMO.user.id;
      const updated = await client.user_settings.update({
        account_id,
        user_id,
        notification_email: "ads@example.com",
        subscribe_email_types: ["ACCOUNT_PERFORMANCE", "PERFORMANCE_IMPROVEMENT"],
      });
      expect(userSettingsSchema.parse(updated.data)).toMatchObject({
        user_id,
        notification_email: "ads@example.com",
      });
      const read = await client.user_settings.get({ account_id, user_id });
      expect(userSettingsSchema.parse(read.data)).toMatchObject({
        user_id,
        notification_email: "ads@example.com",
        subscribe_email_types: ["ACCOUNT_PERFORMANCE", "PERFORMANCE_IMPROVEMENT"],
      });
    });
  });

  describe("reference data (spec §4.4)", () => {
    it("reads the business categories, bidding rules, content categories and placements", async () => {
      const business = await client.advertiser_business_categories.list();
      expect(business.data.length).toBeGreaterThan(0);
      for (const item of business.data) {
        expect(advertiserBusinessCategorySchema.parse(item).id).toEqual(expect.any(String));
      }

      const rules = await client.bidding_rules.list({ currency: "EUR" });
      expect(rules.data.map((rule) => biddingRuleSchema.parse(rule).currency)).toEqual(["EUR"]);
      expect(typeof rules.data[0]?.minimum_cpe_bid_local_micro).toBe("number");

      const content = await client.content_categories.list();
      expect(content.data.length).toBeGreaterThan(0);
      for (const item of content.data) contentCategorySchema.parse(item);

      const placements = await client.placements.list({ product_type: "PROMOTED_POSTS" });
      expect(placements.data.map((item) => placementSchema.parse(item).product_type)).toEqual([
        "PROMOTED_POSTS",
      ]);
    });

    it("reads them with the app-only bearer from a client that has no user token", async () => {
      const appOnly = api.client({ auth: { consumer: DEMO_AUTH.consumer } });
      const before = (await api.requests.entries("oauth2.token")).length;
      const rules = await appOnly.bidding_rules.list({ currency: "EUR" });
      expect(rules.data.map((rule) => rule.currency)).toEqual(["EUR"]);
      const placements = await appOnly.placements.list({ product_type: "MEDIA" });
      expect(placements.data.map((item) => item.product_type)).toEqual(["MEDIA"]);
      // One bearer token, fetched once and reused.
      expect(
        (await api.requests.entries("oauth2.token")).slice(before).map((entry) => entry.status),
      ).toEqual([200]);
      // A user-context read needs a token the client lacks: refused before anything is sent.
      const sent = (await api.requests.entries("accounts.list")).length;
      const refused = await appOnly.accounts.list({}).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RestClientError);
      expect(refused).toMatchObject({
        code: REST_CLIENT_ERROR_CODES.MISSING_CREDENTIALS,
        endpointId: "accounts.list",
      });
      expect(await api.requests.entries("accounts.list")).toHaveLength(sent);
      await appOnly.close();
    });

    it("pages through every IAB category in pages of 100", async () => {
      const pages = [];
      for await (const page of client.iab_categories.list.pages({
        count: 100,
        with_total_count: true,
      })) {
        pages.push(page);
      }
      expectTypeOf(pages[0]?.items ?? []).items.toEqualTypeOf<IabCategory>();
      const items = pages.flatMap((page) =>
        page.items.map((item) => iabCategorySchema.parse(item)),
      );
      const total = present(pages[0]?.totalCount, "total_count on the first page");
      expect(pages.map((page) => page.items.length)).toEqual(
        [100, 100, 100, total - 300].filter((n) => n > 0),
      );
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(new Set(items.map((item) => item.id)).size).toBe(total);
      expect(pages.slice(1).map((page) => page.totalCount)).toEqual(
        pages.slice(1).map(() => undefined),
      );
      expect(await api.requests.entries("iab_categories.list")).toHaveLength(pages.length);
    });
  });

  describe("campaigns and funding instruments (spec §4.5)", () => {
    it("lists and reads funding instruments; creates and deletes one on the sandbox host", async () => {
      const list = await client.funding_instruments.list({ account_id });
      expectTypeOf(list.data).items.toEqualTypeOf<FundingInstrument>();
      expect(list.data.map((item) => fundingInstrumentSchema.parse(item).id)).toEqual([
        `${account_id}f1`,
        `${account_id}f2`,
        `${account_id}f3`,
      ]);
      const io = await client.funding_instruments.get({
        account_id,
        funding_instrument_id: `${account_id}f2`,
      });
      expect(fundingInstrumentSchema.parse(io.data)).toMatchObject({
        type: "INSERTION_ORDER",
        currency: "USD",
        funded_amount_local_micro: 5_000_000_000,
      });
      const many = await client.funding_instruments.getMany({
        account_id,
        ids: [`${account_id}f3`, `${account_id}f9`, `${account_id}f1`],
      });
      expect(many.found.map((item) => item.id)).toEqual([`${account_id}f3`, `${account_id}f1`]);
      expect(many.missing).toEqual([`${account_id}f9`]);

      const created = await client.funding_instruments.create({
        account_id,
        type: "INSERTION_ORDER",
        currency: "EUR",
        start_time: "2026-01-01T00:00:00Z",
        end_time: "2027-01-01T00:00:00Z",
        funded_amount_local_micro: 1_000_000_000,
      });
      expect(fundingInstrumentSchema.parse(created.data)).toMatchObject({
        type: "INSERTION_ORDER",
        currency: "EUR",
        able_to_fund: true,
      });
      const deleted = await client.funding_instruments.delete({
        account_id,
        funding_instrument_id: created.data.id,
      });
      expect(fundingInstrumentSchema.parse(deleted.data)).toMatchObject({
        id: created.data.id,
        deleted: true,
        able_to_fund: false,
      });
      expect(await rolesOf("funding_instruments.create")).toEqual(["ads-sandbox"]);
      expect(await rolesOf("funding_instruments.delete")).toEqual(["ads-sandbox"]);
    });

    it("lists, reads, creates, updates and deletes a campaign, and reads its history", async () => {
      const list = await client.campaigns.list({ account_id, sort_by: "created_at-asc" });
      expectTypeOf(list.data).items.toEqualTypeOf<Campaign>();
      expect(list.data.map((item) => campaignSchema.parse(item).id)).toEqual(
        [1, 2, 3, 4].map((n) => `${account_id}c${n}`),
      );
      const withDraft = await client.campaigns.list({ account_id, with_draft: true });
      expect(withDraft.data).toHaveLength(5);

      const one = await client.campaigns.get({ account_id, campaign_id: `${account_id}c1` });
      expect(campaignSchema.parse(one.data)).toMatchObject({
        name: "Spring launch",
        funding_instrument_id: `${account_id}f1`,
        entity_status: "ACTIVE",
        currency: "USD",
      });

      const created = await client.campaigns.create({
        account_id,
        name: "Integration launch",
        funding_instrument_id: `${account_id}f1`,
        daily_budget_amount_local_micro: 5_000_000,
        entity_status: "PAUSED",
      });
      const campaign = campaignSchema.parse(created.data);
      expect(campaign).toMatchObject({
        name: "Integration launch",
        entity_status: "PAUSED",
        daily_budget_amount_local_micro: 5_000_000,
        deleted: false,
      });
      const updated = await client.campaigns.update({
        account_id,
        campaign_id: campaign.id,
        name: "Integration launch 2",
      });
      expect(campaignSchema.parse(updated.data).name).toBe("Integration launch 2");
      const deleted = await client.campaigns.delete({ account_id, campaign_id: campaign.id });
      expect(campaignSchema.parse(deleted.data).deleted).toBe(true);
      await expect(
        client.campaigns.delete({ account_id, campaign_id: campaign.id }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 404, codes: ["NOT_FOUND"] });

      const history = await client.account_history.list({
        account_id,
        entity_type: "CAMPAIGN",
        entity_id: campaign.id,
        start_time: wholeHour(-1),
        end_time: wholeHour(2),
      });
      const entries = history.data.map((entry) => accountHistoryEntrySchema.parse(entry));
      expect(entries.map((entry) => entry.change_type)).toEqual(["CREATE", "UPDATE", "DELETE"]);
      expect(entries[1]).toMatchObject({
        user_id: DEMO.user.id,
        changes: { name: { old_value: "Integration launch", new_value: "Integration launch 2" } },
      });
    });

    it("runs a campaigns batch in input order", async () => {
      const target = await client.campaigns.create({
        account_id,
        name: "Batch target",
        funding_instrument_id: `${account_id}f1`,
        entity_status: "PAUSED",
      });
      const result = await client.campaigns.batch({
        account_id,
        operations: [
          {
            operation_type: "Create",
            params: {
              name: "B1",
              funding_instrument_id: `${account_id}f2`,
              entity_status: "PAUSED",
            },
          },
          { operation_type: "Update", params: { campaign_id: target.data.id, name: "Renamed" } },
          { operation_type: "Delete", params: { campaign_id: target.data.id } },
        ],
      });
      expect(getEndpoint("campaigns.batch").response.schema.parse(result)).toBeDefined();
      expect(result.data.map((item) => campaignSchema.parse(item).name)).toEqual([
        "B1",
        "Renamed",
        "Renamed",
      ]);
      expect(result.data[2]?.deleted).toBe(true);
      expect(result.request.map((item) => item.operation_type)).toEqual([
        "Create",
        "Update",
        "Delete",
      ]);
    });
  });

  describe("line items (beyond the spec: catalog/line-items.ts)", () => {
    it("lists the demo line items with every recorded field, and looks ids up in 200-id requests", async () => {
      const list = await client.line_items.list({ account_id, with_total_count: true });
      expectTypeOf(list.data).items.toEqualTypeOf<LineItem>();
      expect(list.data.map((item) => lineItemSchema.parse(item).objective)).toEqual([
        "WEBSITE_CLICKS",
        "FOLLOWERS",
        "PREROLL_VIEWS",
        "ENGAGEMENTS",
        "REACH",
      ]);
      expect(list.total_count).toBe(5);
      // The recorded vendor line items (fixtures/vendor-sdk) have no field ours lack.
      const recorded = JSON.parse(
        readFileSync(new URL("line_items_all.json", VENDOR_FIXTURES), "utf8"),
      ) as { data: Record<string, unknown>[] };
      const keys = new Set(list.data.flatMap((item) => Object.keys(item)));
      const lacking = recorded.data
        .flatMap((item) => Object.keys(item))
        .filter((k) => !keys.has(k));
      expect([...new Set(lacking)]).toEqual([]);

      const sent = (await api.requests.entries("line_items.list")).length;
      const wanted = [
        `${account_id}l4`,
        ...Array.from({ length: 250 }, (_, index) => `nosuch${index}`),
        `${account_id}l1`,
      ];
      const many = await client.line_items.getMany({ account_id, ids: wanted });
      expect(many.found.map((item) => item.id)).toEqual([`${account_id}l4`, `${account_id}l1`]);
      expect(many.missing).toHaveLength(250);
      expect((await api.requests.entries("line_items.list")).length - sent).toBe(2);

      const byCampaign = await client.line_items.list({
        account_id,
        campaign_ids: [`${account_id}c2`],
        funding_instrument_ids: [`${account_id}f2`],
      });
      expect(byCampaign.data.map((item) => item.product_type)).toEqual([
        "PROMOTED_ACCOUNT",
        "MEDIA",
      ]);
    });

    it("sends a line-item batch in chunks of the catalog's 40 operations, in input order", async () => {
      const before = (await api.requests.entries("line_items.batch")).length;
      const operations = Array.from({ length: 41 }, (_, i) => ({
        operation_type: "Create" as const,
        params: {
          campaign_id: `${account_id}c1`,
          name: `Chunked ${i}`,
          objective: "ENGAGEMENTS" as const,
          product_type: "PROMOTED_POSTS" as const,
          placements: ["ALL_ON_TWITTER" as const],
          entity_status: "PAUSED" as const,
        },
      }));
      const outcome = await client.line_items.batch.chunked({ account_id, operations });
      expect(outcome.ok).toBe(true);
      expect(outcome.data.map((item) => item?.name)).toEqual(operations.map((o) => o.params.name));
      expect((await api.requests.entries("line_items.batch")).length - before).toBe(2);
      // The same helper removes them again (the demo's line items stay as the other tests read them).
      const removed = await client.line_items.batch.chunked({
        account_id,
        operations: outcome.data.map((item) => ({
          operation_type: "Delete" as const,
          params: { line_item_id: item?.id ?? "" },
        })),
      });
      expect(removed.data.every((item) => item?.deleted === true)).toBe(true);
    });

    it("creates, reads, updates and deletes a line item; bad parameters are never sent", async () => {
      const created = await client.line_items.create({
        account_id,
        campaign_id: `${account_id}c1`,
        name: "Integration line item",
        objective: "PREROLL_VIEWS",
        product_type: "MEDIA",
        placements: ["PUBLISHER_NETWORK", "ALL_ON_TWITTER"],
        categories: ["2"],
        bid_strategy: "TARGET",
        bid_amount_local_micro: 30_000,
        entity_status: "PAUSED",
      });
      const item = lineItemSchema.parse(created.data);
      expect(item).toMatchObject({
        campaign_id: `${account_id}c1`,
        placements: ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"],
        categories: ["2"],
        currency: "USD",
        deleted: false,
      });
      const updated = await client.line_items.update({
        account_id,
        line_item_id: item.id,
        name: "Integration line item 2",
        bid_strategy: "AUTO",
      });
      expect(updated.data).toMatchObject({
        name: "Integration line item 2",
        bid_amount_local_micro: null,
      });
      const read = await client.line_items.get({ account_id, line_item_id: item.id });
      expect(read.data).toEqual(updated.data);
      const deleted = await client.line_items.delete({ account_id, line_item_id: item.id });
      expect(deleted.data.deleted).toBe(true);
      await expect(
        client.line_items.delete({ account_id, line_item_id: item.id }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 404, codes: ["NOT_FOUND"] });
      const kept = await client.line_items.get({
        account_id,
        line_item_id: item.id,
        with_deleted: true,
      });
      expect(kept.data.deleted).toBe(true);

      const before = (await api.requests.entries("line_items.create")).length;
      const refused = await client.line_items
        .create({
          account_id,
          campaign_id: `${account_id}c1`,
          name: "Wrong",
          objective: "ENGAGEMENTS",
          product_type: "PROMOTED_POSTS",
          placements: ["ALL_ON_TWITTER"],
          categories: ["1"],
        })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({
        code: REST_CLIENT_ERROR_CODES.VALIDATION_FAILED,
        violations: [{ parameter: "categories", code: "CONFLICTING_PARAMETERS" }],
      });
      expect(await api.requests.entries("line_items.create")).toHaveLength(before);
      // A state rule is the server's: placements the product type does not offer.
      await expect(
        client.line_items.create({
          account_id,
          campaign_id: `${account_id}c1`,
          name: "Banner",
          objective: "ENGAGEMENTS",
          product_type: "PROMOTED_POSTS",
          placements: ["TAP_BANNER"],
        }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 400, codes: ["INVALID_PARAMETER"] });
    });
  });

  describe("cards and media (spec §4.7)", () => {
    let wideImage: string;
    let video: string;

    it("lists and reads account media", async () => {
      const media = await client.account_media.list({ account_id });
      const items = media.data.map((item) => accountMediaSchema.parse(item));
      expect(items.map((item) => item.creative_type)).toEqual([
        "PREROLL",
        "BANNER",
        "MEDIUM_RECTANGLE",
        "INTERSTITIAL",
      ]);
      // §2.5 does not name media_key; ads-api sends it, a media key of §2.6.
      video = mediaKey.parse(items[0]?.media_key);
      wideImage = mediaKey.parse(items[1]?.media_key);
      const banner = await client.account_media.get({
        account_id,
        account_media_id: `${account_id}m2`,
      });
      expect(accountMediaSchema.parse(banner.data)).toMatchObject({
        id: `${account_id}m2`,
        creative_type: "BANNER",
        media_key: wideImage,
      });
    });

    it("lists, reads, creates, updates and deletes generic cards; reads them through cards/all", async () => {
      const cards = await client.cards.list({ account_id });
      expectTypeOf(cards.data).items.toEqualTypeOf<Card>();
      expect(cards.data.map((card) => cardSchema.parse(card).card_type)).toEqual([
        "VIDEO_WEBSITE",
        "IMAGE_APP",
        "IMAGE_CAROUSEL_WEBSITE",
        "IMAGE_MULTI_DEST_CAROUSEL_WEBSITE",
      ]);
      const first = present(cards.data[0], "a seeded card");
      const read = await client.cards.get({ account_id, card_id: first.id });
      expect(cardSchema.parse(read.data)).toMatchObject({ id: first.id, name: "Brand film card" });

      const created = await client.cards.create({
        account_id,
        name: "Integration card",
        components: [
          { type: "MEDIA", media_key: wideImage },
          {
            type: "DETAILS",
            title: "Shop",
            destination: { type: "WEBSITE", url: "https://example.com/shop" },
          },
        ],
      });
      const card = cardSchema.parse(created.data);
      expect(card).toMatchObject({
        name: "Integration card",
        card_type: "IMAGE_WEBSITE",
        card_uri: `card://${card.id}`,
      });
      const renamed = await client.cards.update({
        account_id,
        card_id: card.id,
        name: "Integration card 2",
      });
      expect(cardSchema.parse(renamed.data)).toMatchObject({
        name: "Integration card 2",
        card_type: "IMAGE_WEBSITE",
      });

      const all = await client.cards.all.list({
        account_id,
        card_uris: [card.card_uri, first.card_uri],
      });
      expect(all.data.map((item) => cardSchema.parse(item).id).sort()).toEqual(
        [card.id, first.id].sort(),
      );
      const viaAll = await client.cards.all.get({ account_id, card_id: card.id });
      expect(cardSchema.parse(viaAll.data).name).toBe("Integration card 2");

      const deleted = await client.cards.delete({ account_id, card_id: card.id });
      expect(cardSchema.parse(deleted.data)).toMatchObject({ id: card.id, deleted: true });
    });

    it("lists, reads and creates poll cards", async () => {
      const polls = await client.cards.poll.list({ account_id });
      expect(polls.data.map((poll) => pollCardSchema.parse(poll).name)).toEqual([
        "Favourite roast?",
        "Which look?",
      ]);
      const firstPoll = present(polls.data[0], "a seeded poll");
      const read = await client.cards.poll.get({ account_id, card_id: firstPoll.id });
      expect(pollCardSchema.parse(read.data)).toMatchObject({
        card_type: "TEXT_POLLS",
        first_choice: "Light",
        third_choice: "Dark",
      });
      const created = await client.cards.poll.create({
        account_id,
        name: "Integration poll",
        duration_in_minutes: 60,
        first_choice: "Yes",
        second_choice: "No",
      });
      const poll = pollCardSchema.parse(created.data);
      expect(poll).toMatchObject({ card_type: "TEXT_POLLS", duration_in_minutes: 60 });
      expect(Date.parse(poll.end_time) - Date.parse(poll.start_time)).toBe(3_600_000);
    });

    it("lists, reads and creates conversation cards", async () => {
      const videos = await client.cards.video_conversation.list({ account_id });
      expect(
        videos.data.map((card) => conversationCardSchema.parse(card)).map((card) => card.name),
      ).toEqual(["Pick your flavour"]);
      const created = await client.cards.video_conversation.create({
        account_id,
        name: "Integration chat",
        media_key: video,
        first_cta: "#Yes",
        first_cta_post: "I say yes",
        second_cta: "#No",
        second_cta_post: "I say no",
        thank_you_text: "Thanks",
      });
      const card = conversationCardSchema.parse(created.data);
      expect(created.data).toMatchObject({ card_type: "VIDEO_CONVERSATION", first_cta: "#Yes" });
      const read = await client.cards.video_conversation.get({ account_id, card_id: card.id });
      expect(conversationCardSchema.parse(read.data)).toMatchObject({
        id: card.id,
        name: "Integration chat",
      });

      const images = await client.cards.image_conversation.list({ account_id });
      expect(images.data.map((item) => conversationCardSchema.parse(item))).toMatchObject([
        { name: "Share your trail" },
      ]);
      expect(images.data[0]).toMatchObject({ card_type: "IMAGE_CONVERSATION" });
    });

    it("deletes account media and a media library object", async () => {
      const removed = await client.account_media.delete({
        account_id,
        account_media_id: `${account_id}m4`,
      });
      const media = accountMediaSchema.parse(removed.data);
      expect(media).toMatchObject({ creative_type: "INTERSTITIAL", deleted: true });
      const library = await client.media_library.delete({
        account_id,
        media_key: mediaKey.parse(media.media_key),
      });
      expect(mediaLibraryObjectSchema.parse(library.data)).toMatchObject({
        media_key: media.media_key,
        media_type: "GIF",
        deleted: true,
      });
    });
  });

  describe("posts, drafts, scheduled posts and previews (spec §4.7)", () => {
    it("lists the seeded posts, creates and names a post, and previews posts", async () => {
      const published = await client.posts.list({ account_id, post_type: "PUBLISHED" });
      expectTypeOf(published.data).items.toEqualTypeOf<AdsPost>();
      const seeded = published.data.map((post) => adsPostSchema.parse(post));
      // Defaults: the demo user's promoted-only posts of this account, without the reply.
      expect(seeded).toHaveLength(7);
      for (const post of seeded) {
        expect(post).toMatchObject({ nullcast: true, user_id: DEMO.user.id });
        expect(post.user).toMatchObject({ screen_name: DEMO.user.screenName });
      }
      const created = await client.posts.create({
        account_id,
        as_user_id: DEMO.user.id,
        text: "From rest-client #integration",
        conversation_settings: "FOLLOWING",
      });
      const post = adsPostSchema.parse(created.data);
      expect(post).toMatchObject({ post_type: "PUBLISHED", nullcast: true, lang: "en" });
      expect(created.data).not.toHaveProperty("conversation_settings");
      const named = await client.posts.name.update({
        account_id,
        post_id: post.id,
        name: "Named by the client",
      });
      expect(adsPostSchema.parse(named.data)).toMatchObject({
        id: post.id,
        name: "Named by the client",
        conversation_settings: "FOLLOWING",
      });
      const first = present(seeded[0], "a seeded post");
      const previews = await client.post_previews.list({
        account_id,
        post_ids: [post.id, first.id],
        post_type: "PUBLISHED",
      });
      expect(previews.data.map((item) => postPreviewSchema.parse(item).post_id)).toEqual([
        post.id,
        first.id,
      ]);
      await expect(
        client.post_previews.list({ account_id, post_ids: [post.id], post_type: "DRAFT" }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 400 });
    });

    it("updates, previews and deletes a draft; updates and deletes a scheduled post", async () => {
      const drafts = await client.posts.list({
        account_id,
        post_type: "DRAFT",
        timeline_type: "ALL",
      });
      expect(drafts.data).toHaveLength(4);
      const draft = present(drafts.data[0], "a seeded draft");
      const updated = await client.draft_posts.update({
        account_id,
        draft_post_id: draft.id,
        name: "Client draft",
        text: "Updated by the client",
      });
      expect(draftPostSchema.parse(updated.data)).toMatchObject({
        id: draft.id,
        name: "Client draft",
        text: "Updated by the client",
      });
      const preview = await client.draft_posts.preview({ account_id, draft_post_id: draft.id });
      expect(preview.data.message).toContain(`@${DEMO.user.screenName}`);
      const deleted = await client.draft_posts.delete({ account_id, draft_post_id: draft.id });
      expect(draftPostSchema.parse(deleted.data)).toMatchObject({
        id: draft.id,
        status: "DELETED",
      });
      await expect(
        client.draft_posts.delete({ account_id, draft_post_id: draft.id }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 404 });

      const scheduled = await client.posts.list({ account_id, post_type: "SCHEDULED" });
      expect(scheduled.data).toHaveLength(3);
      const waiting = present(scheduled.data[0], "a seeded scheduled post");
      const moved = await client.scheduled_posts.update({
        account_id,
        scheduled_post_id: waiting.id,
        scheduled_at: "2099-06-01T12:00:00Z",
      });
      expect(scheduledPostSchema.parse(moved.data)).toMatchObject({
        id: waiting.id,
        scheduled_at: "2099-06-01T12:00:00Z",
        scheduled_status: "SCHEDULED",
      });
      const cancelled = await client.scheduled_posts.delete({
        account_id,
        scheduled_post_id: waiting.id,
      });
      expect(scheduledPostSchema.parse(cancelled.data)).toMatchObject({
        scheduled_status: "DELETED",
        deleted: true,
      });
    });
  });

  describe("media library, drafts and scheduled posts (beyond the spec: catalog/drafts-and-library.ts)", () => {
    it("lists, reads and creates drafts and scheduled posts; pages with the client", async () => {
      const created = await client.draft_posts.create({
        account_id,
        as_user_id: DEMO.user.id,
        text: "Drafted by the client",
        name: "Client draft",
      });
      const draft = draftPostSchema.parse(created.data);
      expect(draft).toMatchObject({ user_id: DEMO.user.id, nullcast: true });
      const read = await client.draft_posts.get({ account_id, draft_post_id: draft.id });
      expect(read.data).toEqual(created.data);
      // Every page of one: the client follows next_cursor to the end.
      const pages = [];
      for await (const page of client.pages("draft_posts.list", { account_id, count: 1 })) {
        pages.push(page.items.map((item) => item.id));
      }
      expect(pages[0]).toEqual([draft.id]);
      const all = await client.posts.list({ account_id, post_type: "DRAFT", timeline_type: "ALL" });
      expect(pages.flat().sort()).toEqual(all.data.map((post) => post.id).sort());

      const at = "2099-07-01T09:00:00Z";
      const scheduled = await client.scheduled_posts.create({
        account_id,
        as_user_id: DEMO.user.id,
        text: "Scheduled by the client",
        scheduled_at: at,
      });
      const waiting = scheduledPostSchema.parse(scheduled.data);
      expect(waiting).toMatchObject({ scheduled_at: at, scheduled_status: "SCHEDULED" });
      const again = await client.scheduled_posts.get({
        account_id,
        scheduled_post_id: waiting.id,
      });
      expect(again.data).toEqual(scheduled.data);
      const list = await client.scheduled_posts.list({ account_id });
      expect(list.data.map((post) => post.id)).toContain(waiting.id);
      // The catalog refuses a time not ahead before anything is sent.
      await expect(
        client.scheduled_posts.create({
          account_id,
          as_user_id: DEMO.user.id,
          text: "Too late",
          scheduled_at: "2001-01-01T00:00:00Z",
        }),
      ).rejects.toMatchObject({ name: "RestValidationError" });
    });

    it("lists, reads, adds and updates media library objects", async () => {
      const library = await client.media_library.list({ account_id, count: 50 });
      const objects = library.data.map((item) => mediaLibraryObjectSchema.parse(item));
      expect(objects.length).toBeGreaterThan(0);
      const first = present(objects[0], "a media library object");
      const one = await client.media_library.get({ account_id, media_key: first.media_key });
      expect(one.data).toEqual(library.data[0]);
      const images = await client.media_library.list({ account_id, media_type: "IMAGE" });
      expect(new Set(images.data.map((item) => item.media_type))).toEqual(new Set(["IMAGE"]));
      // An upload (beyond the spec, the admin CLI's upload-media) joins the library by its key.
      const upload = await api.server.ctx.prisma.mediaUpload.create({
        data: {
          mediaKey: "3_1400000000000881234",
          mediaType: "IMAGE",
          width: 1200,
          height: 1200,
          ownerUserId: DEMO.user.id,
        },
      });
      const added = await client.media_library.create({
        account_id,
        media_key: upload.mediaKey,
        name: "Client upload",
      });
      expect(mediaLibraryObjectSchema.parse(added.data)).toMatchObject({
        media_key: upload.mediaKey,
        name: "Client upload",
        aspect_ratio: "1:1",
        deleted: false,
      });
      // The update takes the object back as read (update rule) with what changes.
      const renamed = await client.media_library.update({
        ...mediaLibraryObjectSchema.parse(added.data),
        account_id,
        description: "Described by the client",
      });
      expect(mediaLibraryObjectSchema.parse(renamed.data)).toMatchObject({
        media_key: upload.mediaKey,
        name: "Client upload",
        description: "Described by the client",
      });
    });
  });

  describe("post-data API v2 (spec §4.9)", () => {
    it("creates a post as the user and reads it back, by ids and alone", async () => {
      const created = await client.post_data.posts.create({ text: "hello from rest-client" });
      const post = dataPostCreateResultSchema.parse(created).data;
      expect(post).toMatchObject({ text: "hello from rest-client" });
      expect(post.edit_history_post_ids).toEqual([post.id]);
      // A user client signs the reads as its user (bearer-or-user; an app client sends its bearer).
      const found = await client.post_data.posts.lookup({
        ids: [post.id, "1"],
        "post.fields": ["author_id", "created_at"],
        expansions: ["author_id"],
      });
      expect(dataPostsLookupSchema.parse(found)).toMatchObject({
        data: [{ id: post.id, text: "hello from rest-client", author_id: DEMO.user.id }],
        includes: { users: [{ id: DEMO.user.id }] },
        errors: [{ resource_id: "1" }],
      });
      const one = await client.post_data.posts.get({ id: post.id, expansions: ["author_id"] });
      expect(one).toEqual({
        data: { id: post.id, text: "hello from rest-client", author_id: DEMO.user.id },
        includes: { users: [expect.objectContaining({ id: DEMO.user.id })] },
      });
      const missing = await client.post_data.posts.get({ id: "1" });
      expect(missing).toMatchObject({ errors: [{ parameter: "id", resource_id: "1" }] });
      expect(missing).not.toHaveProperty("data");
    });
  });

  describe("audience users, do-not-reach lists and keyword insights (spec §4.8)", () => {
    const hashed = hashAudienceUsers([
      { email: "Ada@Example.com", phone_number: "+1 415 555 0100" },
      { email: "grace@example.com" },
      { partner_user_id: "crm-42" },
    ]).users;
    const inAMonth = () =>
      new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");

    it("adds and removes hashed users of a custom audience, in one request and in chunks", async () => {
      const audience = (
        await client.custom_audiences.create({ account_id, name: "rest-client users" })
      ).data;
      const operations = [
        { operation_type: "Update" as const, params: { users: hashed, expires_at: inAMonth() } },
        { operation_type: "Delete" as const, params: { users: hashed.slice(1, 2) } },
      ];
      const answer = await client.custom_audiences.users.batch({
        account_id,
        custom_audience_id: audience.id,
        operations,
      });
      expect(usersBatchResultSchema.parse(answer)).toMatchObject({
        data: { success_count: 4, total_count: 4 },
      });
      expect(
        client.rateLimits.get("custom_audiences.users.batch", account_id)?.account,
      ).toMatchObject({
        limit: 1500,
      });
      // Chunks of one operation: two requests, each answered with the users it carried.
      const before = (await api.requests.entries("custom_audiences.users.batch")).length;
      const outcome = await client.custom_audiences.users.batch.chunked(
        { account_id, custom_audience_id: audience.id, operations },
        { maxOperations: 1 },
      );
      expect(outcome.ok).toBe(true);
      expect((await api.requests.entries("custom_audiences.users.batch")).length - before).toBe(2);
      await client.custom_audiences.delete({ account_id, custom_audience_id: audience.id });
    });

    it("creates the account's do-not-reach list, uploads e-mails to it and deletes it", async () => {
      for (const live of (await client.do_not_reach_lists.list({ account_id })).data) {
        await client.do_not_reach_lists.delete({ account_id, do_not_reach_list_id: live.id });
      }
      const created = await client.do_not_reach_lists.create({
        account_id,
        description: "Opted out",
      });
      const list = doNotReachListSchema.parse(created.data);
      expect(list).toMatchObject({ account_id, description: "Opted out", user_count: 0 });
      await expect(client.do_not_reach_lists.create({ account_id })).rejects.toMatchObject({
        name: "RestApiError",
        status: 409,
        codes: ["DO_NOT_REACH_LIST_EXISTS"],
      });
      const emails = hashed.flatMap((user) =>
        user.email === undefined ? [] : [{ email: user.email }],
      );
      const answer = await client.do_not_reach_lists.users.batch({
        account_id,
        do_not_reach_list_id: list.id,
        operations: [
          { operation_type: "Update", params: { users: emails, expires_at: inAMonth() } },
        ],
      });
      expect(usersBatchResultSchema.parse(answer)).toMatchObject({
        data: { success_count: 2, total_count: 2 },
      });
      const listed = await client.do_not_reach_lists.list({ account_id });
      expect(listed.data.map((item) => doNotReachListSchema.parse(item).user_count)).toEqual([2]);
      const deleted = await client.do_not_reach_lists.delete({
        account_id,
        do_not_reach_list_id: list.id,
      });
      expect(deleted.data).toMatchObject({ id: list.id, deleted: true });
    });

    it("searches keyword insights: one volume per day and 30 related keywords", async () => {
      const found = await client.insights.keywords.search({
        granularity: "DAY",
        keywords: ["coffee", "tea"],
        negative_keywords: ["decaf"],
        start_time: "2026-11-01T00:00:00Z",
        end_time: "2026-11-08T00:00:00Z",
        location: "GB",
      });
      const insight = keywordInsightSchema.parse(found.data);
      expect(insight.post_volume).toHaveLength(7);
      expect(insight.related_keywords).toHaveLength(30);
      expect(insight.related_keywords).not.toContain("coffee");
    });
  });

  describe("audiences (spec §4.8) and targeting criteria (beyond the spec)", () => {
    // The demo data (issue 17): dmo1ab and dmo2cd share a business, dmo3ef is of another;
    // dmo1ab is in the batch beta; its CRM audience ca1 is shared with dmo2cd and targeted by l1.
    const crm = `${DEMO_ACCOUNT}ca1`;
    const mobile = `${DEMO_ACCOUNT}ca2`;

    it("lists, reads, creates, updates and deletes custom audiences, and runs a batch", async () => {
      const own = await client.custom_audiences.list({ account_id, with_total_count: true });
      expect(own.data.map((item) => customAudienceSchema.parse(item).id)).toEqual([crm, mobile]);
      const shared = await client.custom_audiences.list({ account_id: OTHER_DEMO_ACCOUNT });
      expect(shared.data.find((item) => item.id === crm)).toMatchObject({
        is_owner: false,
        permission_level: "READ_ONLY",
      });
      const one = await client.custom_audiences.get({ account_id, custom_audience_id: crm });
      expect(customAudienceSchema.parse(one.data)).toMatchObject({
        audience_type: "CRM",
        targetable: true,
        audience_size: 125,
      });
      const created = await client.custom_audiences.create({
        account_id,
        name: "Integration audience",
        description: "from rest-client",
      });
      expect(customAudienceSchema.parse(created.data)).toMatchObject({
        owner_account_id: account_id,
        reasons_not_targetable: ["TOO_SMALL"],
      });
      const duplicate = await client.custom_audiences
        .create({ account_id, name: "Integration audience" })
        .catch((e: unknown) => e);
      expect(duplicate).toMatchObject({ status: 409, codes: ["DUPLICATE_NAME"] });
      const updated = await client.custom_audiences.update({
        account_id,
        custom_audience_id: created.data.id,
        name: "Integration audience 2",
      });
      expect(customAudienceSchema.parse(updated.data)).toMatchObject({
        name: "Integration audience 2",
        is_owner: true,
      });
      const batch = await client.custom_audiences.batch({
        account_id,
        operations: [
          {
            operation_type: "Create",
            params: {
              audience_type: "FLEXIBLE",
              name: "Integration flexible",
              segments: { custom_audience_id: mobile, lookback_window: 7 },
            },
          },
          { operation_type: "Delete", params: { custom_audience_id: created.data.id } },
        ],
      });
      expect(batch.data.map((item) => [item.audience_type, item.deleted])).toEqual([
        ["FLEXIBLE", false],
        ["CRM", true],
      ]);
      await expect(
        client.custom_audiences.delete({ account_id, custom_audience_id: created.data.id }),
      ).rejects.toMatchObject({ status: 404, codes: ["NOT_FOUND"] });
      const flexible = present(batch.data[0], "the batch's flexible audience");
      const deleted = await client.custom_audiences.delete({
        account_id,
        custom_audience_id: flexible.id,
      });
      expect(deleted.data.deleted).toBe(true);
    });

    it("shares an audience on the custom and tailored paths, and revokes it; not outside the business", async () => {
      const audience = await client.custom_audiences.create({ account_id, name: "To share" });
      const custom_audience_id = audience.data.id;
      const granted = await client.custom_audiences.permissions.create({
        account_id,
        custom_audience_id,
        granted_account_id: OTHER_DEMO_ACCOUNT,
        permission_level: "READ_WRITE",
      });
      expect(audiencePermissionSchema.parse(granted.data)).toMatchObject({
        custom_audience_id,
        granted_account_id: OTHER_DEMO_ACCOUNT,
      });
      const read = await client.custom_audiences.permissions.get({
        account_id,
        custom_audience_id,
        custom_audience_permission_id: granted.data.id,
      });
      expect(read.data.permission_level).toBe("READ_WRITE");
      const listed = await client.custom_audiences.permissions.list({
        account_id,
        custom_audience_id,
        with_total_count: true,
      });
      expect(listed.total_count).toBe(1);
      const tailored = await client.tailored_audiences.permissions.list({
        account_id,
        tailored_audience_id: custom_audience_id,
      });
      expect(tailored.data.map((item) => item.tailored_audience_id)).toEqual([custom_audience_id]);
      const lowered = await client.tailored_audiences.permissions.create({
        account_id,
        tailored_audience_id: custom_audience_id,
        granted_account_id: OTHER_DEMO_ACCOUNT,
        permission_level: "READ_ONLY",
      });
      expect(lowered.data).toMatchObject({ id: granted.data.id, permission_level: "READ_ONLY" });
      const revoked = await client.tailored_audiences.permissions.delete({
        account_id,
        tailored_audience_id: custom_audience_id,
        tailored_audience_permission_id: granted.data.id,
      });
      expect(revoked.data.deleted).toBe(true);
      const again = await client.custom_audiences.permissions.create({
        account_id,
        custom_audience_id,
        granted_account_id: OTHER_DEMO_ACCOUNT,
        permission_level: "READ_ONLY",
      });
      const gone = await client.custom_audiences.permissions.delete({
        account_id,
        custom_audience_id,
        custom_audience_permission_id: again.data.id,
      });
      expect(gone.data.deleted).toBe(true);
      const outside = await client.custom_audiences.permissions
        .create({
          account_id,
          custom_audience_id,
          granted_account_id: DEMO.otherBusinessAccount.id,
          permission_level: "READ_ONLY",
        })
        .catch((e: unknown) => e);
      expect(outside).toMatchObject({ status: 403, codes: ["SHARING_NOT_ALLOWED"] });
    });

    it("targets a line item at an audience and lists the campaigns targeting it", async () => {
      const line_item_id = `${account_id}l1`;
      const seeded = await client.targeting_criteria.list({
        account_id,
        line_item_ids: [line_item_id],
      });
      expect(seeded.data.map((item) => targetingCriterionResourceSchema.parse(item))).toEqual([
        expect.objectContaining({ targeting_type: "CUSTOM_AUDIENCE", targeting_value: crm }),
      ]);
      const created = await client.targeting_criteria.create({
        account_id,
        line_item_id,
        targeting_type: "CUSTOM_AUDIENCE",
        targeting_value: mobile,
      });
      const read = await client.targeting_criteria.get({
        account_id,
        targeting_criterion_id: created.data.id,
      });
      expect(read.data).toMatchObject({ line_item_id, targeting_value: mobile });
      const targeted = await client.custom_audiences.targeted.list({
        account_id,
        custom_audience_id: mobile,
      });
      expect(targeted.data.map((entry) => targetedAudienceEntrySchema.parse(entry))).toEqual([
        {
          campaign_id: `${account_id}c1`,
          campaign_name: "Spring launch",
          line_items: [{ id: line_item_id, name: "Spring launch: site visits", servable: true }],
        },
      ]);
      const deleted = await client.targeting_criteria.delete({
        account_id,
        targeting_criterion_id: created.data.id,
      });
      expect(deleted.data.deleted).toBe(true);
      const refused = await client.targeting_criteria
        .create({
          account_id,
          line_item_id,
          targeting_type: "CUSTOM_AUDIENCE",
          targeting_value: `${DEMO.otherBusinessAccount.id}ca1`,
        })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ status: 400, codes: ["AUDIENCE_NOT_TARGETABLE"] });
    });
  });

  describe("credentials (spec §4.1)", () => {
    /** The authorize page's form, submitted as the demo user (not a catalog endpoint). */
    async function approveAsDemoUser(page: string) {
      const input = (name: string) =>
        present(new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1], name);
      const response = await fetch(`${api.urls.base}/oauth/authorize`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: serializeForm(
          Object.entries({
            oauth_token: input("oauth_token"),
            form_token: input("form_token"),
            screen_name: DEMO.user.screenName,
            password: DEMO.user.password,
            decision: "approve",
          }),
        ),
      });
      const html = await response.text();
      expect(response.status).toBe(200);
      return present(/id="oauth_pin">(\d{7})</.exec(html)?.[1], "the PIN");
    }

    it("runs the three-legged flow, then an invalidated token is refused with 401 code 89", async () => {
      const requestToken = await client.oauth.request_token({ oauth_callback: "oob" });
      expect(requestTokenResultSchema.parse(requestToken)).toMatchObject({
        oauth_callback_confirmed: "true",
      });
      const page = await client.oauth.authorize({ oauth_token: requestToken.oauth_token });
      expectTypeOf(page).toEqualTypeOf<string>();
      expect(page).toContain('name="password"');
      const verifier = await approveAsDemoUser(page);

      const access = await client.oauth.access_token(
        { oauth_token: requestToken.oauth_token, oauth_verifier: verifier },
        {
          token: { token: requestToken.oauth_token, tokenSecret: requestToken.oauth_token_secret },
        },
      );
      expectTypeOf(access).toEqualTypeOf<AccessTokenResult>();
      expect(accessTokenResultSchema.parse(access)).toMatchObject({
        user_id: DEMO.user.id,
        screen_name: DEMO.user.screenName,
      });
      expect(access.oauth_token).not.toBe(DEMO_AUTH.token.token);

      const user = client.withAuth({
        token: { token: access.oauth_token, tokenSecret: access.oauth_token_secret },
      });
      const accounts = await user.accounts.list();
      expect(accounts.data.map((account) => account.id)).toEqual([
        DEMO_ACCOUNT,
        OTHER_DEMO_ACCOUNT,
        DEMO.otherBusinessAccount.id,
      ]);

      const invalidated = await user.oauth.invalidate_token();
      expect(invalidatedTokenResultSchema.parse(invalidated).access_token).toBe(access.oauth_token);

      const error = await user.accounts.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestAuthError);
      const auth = error as RestAuthError;
      expect(auth).toMatchObject({
        status: 401,
        reason: "invalidated_token",
        endpointId: "accounts.list",
      });
      expect(auth.codes).toEqual([89]);
      expect(auth.message).toMatch(/code 89/);
      expect(JSON.stringify(auth)).not.toContain(access.oauth_token_secret);
      expect((await api.requests.entries("accounts.list")).at(-1)?.status).toBe(401);
      // The demo token is untouched.
      expect((await client.accounts.list()).data).toHaveLength(3);
    });

    it("shows the authenticate page for a request token", async () => {
      const requestToken = await client.oauth.request_token({ oauth_callback: "oob" });
      const page = await client.oauth.authenticate({
        oauth_token: requestToken.oauth_token,
        force_login: true,
      });
      expect(page).toContain('action="/oauth/authenticate"');
      expect(page).toContain("adsgraph demo");
    });

    it("gets the app-only bearer token with the API key, and the owner invalidates it", async () => {
      const first = await client.oauth2.token({ grant_type: "client_credentials" });
      expect(bearerTokenResultSchema.parse(first)).toMatchObject({ token_type: "bearer" });
      const again = await client.oauth2.token({ grant_type: "client_credentials" });
      expect(again.access_token).toBe(first.access_token);

      const invalidated = await client.oauth2.invalidate_token({
        access_token: first.access_token,
      });
      expect(invalidatedTokenResultSchema.parse(invalidated).access_token).toBe(first.access_token);
      const next = await client.oauth2.token({ grant_type: "client_credentials" });
      expect(next.access_token).not.toBe(first.access_token);
      await expect(
        client.oauth2.invalidate_token({ access_token: first.access_token }),
      ).rejects.toMatchObject({ name: "RestApiError", status: 404 });
    });
  });

  it("subscribes the app to activity events (spec §6) with the app-only bearer, reads one from the stream, lists and deletes the subscription", async () => {
    // No catalog endpoint is left for ads-api to answer 501 (issue 18 served the last ones).
    expect(served.notImplemented).toEqual([]);
    const appOnly = api.client({
      auth: { consumer: DEMO_AUTH.consumer },
      hooks: {
        onResponse: (event: ResponseEvent) => {
          answered.set(event.endpointId, [...(answered.get(event.endpointId) ?? []), event.status]);
        },
      },
    });
    const created = await appOnly.call("activity.subscriptions.create", {
      event_type: "profile.update.bio",
      filter: { user_id: DEMO.user.id, keyword: "coffee" },
    });
    const subscription = created.data;
    expect(subscription).toMatchObject({
      event_type: "profile.update.bio",
      filter: { user_id: DEMO.user.id, keyword: "coffee" },
    });
    const listed = await appOnly.call("activity.subscriptions.list", {});
    expect(listed.data.map((entry) => entry.subscription_id)).toContain(
      subscription.subscription_id,
    );
    const stream = await appOnly.call("activity.stream", {});
    try {
      // The loopback admin endpoint simulates the change (ads-api's ADS_API_ACTIVITY_ADMIN).
      const simulated = await fetch(`${api.urls.base}/_admin/activity/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          event_type: "profile.update.bio",
          user_id: DEMO.user.id,
          bio: "Coffee every morning",
        }),
      });
      expect(simulated.status).toBe(201);
      for await (const event of stream) {
        expect(event).toMatchObject({
          event_type: "profile.update.bio",
          for_user_id: DEMO.user.id,
          subscription_id: subscription.subscription_id,
          payload: { bio: "Coffee every morning" },
        });
        break;
      }
    } finally {
      stream.close();
    }
    const deleted = await appOnly.call("activity.subscriptions.delete", {
      subscription_id: subscription.subscription_id,
    });
    expect(deleted.data).toEqual(subscription);
  });

  it("registers the app's webhook (CRC answered by a real receiver), lists, re-validates, replays and deletes it (spec §6 webhooks, §9 replay)", async () => {
    const appOnly = api.client({
      auth: { consumer: DEMO_AUTH.consumer },
      hooks: {
        onResponse: (event: ResponseEvent) => {
          answered.set(event.endpointId, [...(answered.get(event.endpointId) ?? []), event.status]);
        },
      },
    });
    const receiver = await WebhookReceiver.start(DEMO_AUTH.consumer.consumerSecret);
    try {
      const created = await appOnly.call("webhooks.create", { url: receiver.url });
      expect(created.data).toMatchObject({ url: receiver.url, valid: true });
      const listed = await appOnly.call("webhooks.list", {});
      expect(listed).toEqual({ data: [created.data], meta: { result_count: 1 } });
      const validated = await appOnly.call("webhooks.validate", { webhook_id: created.data.id });
      expect(validated.data).toEqual(created.data);
      const log = await appOnly.call("webhooks.deliveries.list", {
        webhook_id: created.data.id,
        state: "dead",
        count: 10,
      });
      expect(log).toEqual({ data: [], meta: { result_count: 0 }, next_cursor: null });
      const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, "");
      const replay = await appOnly.call("webhooks.replay", {
        webhook_id: created.data.id,
        from_date: minute(Date.now() - 24 * 3_600_000),
        to_date: minute(Date.now() - 60_000),
      });
      expect(replay.data.job_id).toMatch(/^\d+$/);
      const deleted = await appOnly.call("webhooks.delete", { webhook_id: created.data.id });
      expect(deleted).toEqual({ data: { deleted: true } });
      expect((await appOnly.call("webhooks.list", {})).data).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  // Issue 33: beyond the spec after the vendor's v12 reference (catalog `beyondSpec`).
  describe("promoted posts, poll card delete, account features, promotable users and the tax settings read (beyond the spec)", () => {
    /** The demo's PROMOTED_POSTS line item without seeded promoted posts (seed/demo-line-items.ts). */
    const reachLine = `${DEMO_ACCOUNT}l5`;

    it("promotes published posts, reads one back and stops promoting it", async () => {
      const posts = await client.posts.list({ account_id, post_type: "PUBLISHED", count: 2 });
      const postIds = posts.data.map((post) => post.id);
      expect(postIds).toHaveLength(2);
      const created = await client.promoted_posts.create({
        account_id,
        line_item_id: reachLine,
        post_ids: postIds,
      });
      expectTypeOf(created.data).toEqualTypeOf<PromotedPost[]>();
      expect(created.data.map((record) => promotedPostSchema.parse(record).post_id)).toEqual(
        postIds,
      );
      expect(created.total_count).toBe(2);
      const first = present(created.data[0], "a promoted post");
      const read = await client.promoted_posts.get({ account_id, promoted_post_id: first.id });
      expect(read.data).toEqual(first);
      const deleted = await client.promoted_posts.delete({
        account_id,
        promoted_post_id: first.id,
      });
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

    it("checks post_ids before sending (at most 50) and carries the server's refusals", async () => {
      const many = Array.from({ length: 51 }, (_unused, index) => String(index + 1));
      const before = (await api.requests.entries("promoted_posts.create")).length;
      await expect(
        client.promoted_posts.create({ account_id, line_item_id: reachLine, post_ids: many }),
      ).rejects.toMatchObject({ name: "RestValidationError" });
      expect(await api.requests.entries("promoted_posts.create")).toHaveLength(before);
      const posts = await client.posts.list({ account_id, post_type: "PUBLISHED", count: 1 });
      const refused = await client.promoted_posts
        .create({
          account_id,
          // The demo's PROMOTED_ACCOUNT line item cannot hold promoted posts.
          line_item_id: `${DEMO_ACCOUNT}l2`,
          post_ids: posts.data.map((post) => post.id),
        })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RestApiError);
      expect((refused as RestApiError).errors[0]).toMatchObject({
        code: "INCOMPATIBLE_LINE_ITEM",
        parameter: "line_item_id",
      });
    });

    it("deletes a poll card and reads the account's features", async () => {
      const poll = await client.cards.poll.create({
        account_id,
        name: "Poll to delete",
        duration_in_minutes: 60,
        first_choice: "Yes",
        second_choice: "No",
      });
      const deleted = await client.cards.poll.delete({ account_id, card_id: poll.data.id });
      expect(pollCardSchema.parse(deleted.data)).toMatchObject({ id: poll.data.id, deleted: true });
      const features = await client.features.list({ account_id });
      expectTypeOf(features.data).toEqualTypeOf<string[]>();
      expect(features.data).toContain("PROMOTED_MEDIA_POLLS");
      const named = await client.features.list({ account_id, feature_keys: ["CITY_TARGETING"] });
      expect(named.data).toEqual([]);
    });

    it("lists and reads the account's promotable users, and reads its tax settings back", async () => {
      const users = await client.promotable_users.list({ account_id, with_total_count: true });
      expectTypeOf(users.data).toEqualTypeOf<PromotableUser[]>();
      const full = present(users.data[0], "the account's full promotable user");
      expect(promotableUserSchema.parse(full)).toMatchObject({
        user_id: DEMO.user.id,
        promotable_user_type: "FULL",
      });
      expect(users.total_count).toBe(users.data.length);
      const one = await client.promotable_users.get({
        account_id,
        promotable_user_id: full.id,
        with_deleted: true,
      });
      expect(one.data).toEqual(full);
      const stored = await client.tax_settings.update({ account_id, tax_id: "DE-READ-BACK" });
      const read = await client.tax_settings.get({ account_id });
      expect(taxSettingsSchema.parse(read.data)).toEqual(stored.data);
    });
  });

  describe("analytics (beyond the spec: catalog/analytics.ts)", () => {
    const HOUR = 3_600_000;
    const end = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const start = new Date(end.getTime() - 3 * 24 * HOUR);

    it("reads stats, runs a job to its result file, cancels one and lists active entities", async () => {
      const campaigns = await client.campaigns.list({ account_id });
      const ids = campaigns.data.map((campaign) => campaign.id).slice(0, 3);
      const query = {
        accountId: account_id,
        entity: "CAMPAIGN" as const,
        ids,
        start,
        end,
        granularity: "TOTAL" as const,
        metricGroups: ["ENGAGEMENT"] as const,
        placement: "ALL_ON_TWITTER" as const,
      };
      const stats = await fetchStats(client, query);
      expect([...stats.keys()]).toEqual(ids);
      const wire = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
      const job = {
        entity: "CAMPAIGN" as const,
        entity_ids: ids,
        start_time: wire(start),
        end_time: wire(end),
        granularity: "TOTAL" as const,
        metric_groups: ["ENGAGEMENT" as const],
        placement: "ALL_ON_TWITTER" as const,
      };
      const [result] = await runStatsJobs(client, account_id, [job], { pollIntervalMs: 100 });
      // The job's file holds what the synchronous answer holds for the same closed range.
      expect(result?.data.map((entry) => entry.id_data[0]?.metrics.impressions)).toEqual(
        ids.map((id) => stats.get(id)?.id_data[0]?.metrics.impressions),
      );
      const another = await client.call("stats.jobs.create", { ...job, account_id });
      const cancelled = await client.call("stats.jobs.delete", {
        account_id,
        job_id: String(another.data.id_str ?? another.data.id),
      });
      expect(["CANCELLED", "SUCCESS"]).toContain(cancelled.data.status);
      const active = await activeEntities(client, {
        accountId: account_id,
        entity: "CAMPAIGN",
        start,
        end,
      });
      for (const entity of active)
        expect(ids.concat(campaigns.data.map((c) => c.id))).toContain(entity.entity_id);
    });
  });

  // Keep this test last: it reads what every test above sent (run the whole file).
  it("called every endpoint ads-api serves through the client, each answered 2xx", async () => {
    // A sanity check of the probe: every catalog endpoint is routed, served or 501.
    expect(served.unrouted).toEqual([]);
    expect(served.served.length).toBeGreaterThan(0);
    const log = await api.requests.entries();
    const missing = served.served.filter((id) => {
      if (SECTION_4_6.includes(id)) return false; // line-item-attachments.test.ts calls these
      const method = getEndpoint(id).method;
      const byClient = (answered.get(id) ?? []).some((status) => status < 400);
      const byServer = log.some(
        (entry) => entry.endpointId === id && entry.method === method && entry.status < 400,
      );
      return !(byClient && byServer);
    });
    expect(missing, "served endpoints without a successful client call").toEqual([]);
  });
});
