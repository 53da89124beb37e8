import type {
  ActivityEvent,
  Campaign,
  Card,
  CustomAudience,
  DataPost,
  PollCard,
  StatsAnswer,
  StatsJob,
} from "@adsgraph/models";
import { describe, expectTypeOf, it } from "vitest";
import type { BatchOutcome } from "./batch.js";
import type { RestClient } from "./client.js";
import type { ManyResult } from "./id-batching.js";
import type { MessageStream } from "../core/call-types.js";
import type { Page } from "./paging.js";

declare const client: RestClient;

describe("methods are typed from the catalog", () => {
  it("params use the catalog's wire names and types", () => {
    void client.campaigns.list({
      account_id: "a",
      campaign_ids: ["c1"],
      count: 5,
      with_deleted: true,
    });
    void client.campaigns.list({ account_id: "a", funding_instrument_ids: ["f1", "f2"] as const });
    // @ts-expect-error camelCase names are not parameters (snake_case, as the spec and catalog)
    void client.campaigns.list({ accountId: "a" });
    // @ts-expect-error with_deleted is a boolean
    void client.campaigns.list({ account_id: "a", with_deleted: 1 });
    // @ts-expect-error an unknown parameter
    void client.campaigns.list({ account_id: "a", colour: "red" });
    // @ts-expect-error account_id is required
    void client.campaigns.list({ count: 5 });
    // @ts-expect-error entity_status is an enum
    void client.campaigns.update({ account_id: "a", campaign_id: "c", entity_status: "RUNNING" });
    void client.cards.poll.create({
      account_id: "a",
      name: "n",
      first_choice: "x",
      second_choice: "y",
      // @ts-expect-error duration_in_minutes is a number
      duration_in_minutes: [],
    });
    void client.accounts.create();
    void client.advertiser_business_categories.list();
  });

  it("results are the catalog's response types", () => {
    expectTypeOf(client.campaigns.list({ account_id: "a" }))
      .resolves.toHaveProperty("data")
      .toEqualTypeOf<Campaign[]>();
    expectTypeOf(client.campaigns.list({ account_id: "a" }))
      .resolves.toHaveProperty("next_cursor")
      .toEqualTypeOf<string | null>();
    expectTypeOf(client.cards.poll.get({ account_id: "a", card_id: "k" }))
      .resolves.toHaveProperty("data")
      .toEqualTypeOf<PollCard>();
    expectTypeOf(client.call("campaigns.get", { account_id: "a", campaign_id: "c" }))
      .resolves.toHaveProperty("data")
      .toEqualTypeOf<Campaign>();
    expectTypeOf(client.oauth.authorize({ oauth_token: "t" })).resolves.toEqualTypeOf<string>();
    expectTypeOf(client.activity.stream()).resolves.toEqualTypeOf<MessageStream<ActivityEvent>>();
    expectTypeOf(client.request("campaigns.get", { account_id: "a", campaign_id: "c" }))
      .resolves.toHaveProperty("requestId")
      .toEqualTypeOf<string | undefined>();
  });
});

describe("helpers exist where the endpoint allows them", () => {
  it("paging, totalCount and getMany", () => {
    expectTypeOf(client.campaigns.list.pages({ account_id: "a" })).toEqualTypeOf<
      AsyncIterable<Page<Campaign, Awaited<ReturnType<typeof client.campaigns.list>>>>
    >();
    expectTypeOf(client.campaigns.list.items({ account_id: "a" })).toEqualTypeOf<
      AsyncIterable<Campaign>
    >();
    expectTypeOf(
      client.campaigns.list.collect({ account_id: "a" }, { limit: 10 }),
    ).resolves.toEqualTypeOf<Campaign[]>();
    expectTypeOf(client.campaigns.list.totalCount({ account_id: "a" })).resolves.toBeNumber();
    expectTypeOf(client.campaigns.getMany({ account_id: "a", ids: ["c1"] })).resolves.toEqualTypeOf<
      ManyResult<Campaign>
    >();
    expectTypeOf(
      client.cards.getMany({ account_id: "a", ids: ["card://1"] }, { by: "card_uris" }),
    ).resolves.toEqualTypeOf<ManyResult<Card>>();
    // The post-data lookup's items are posts, though its `data` is optional (spec §4.9).
    expectTypeOf(client.post_data.posts.getMany({ ids: ["1"] })).resolves.toEqualTypeOf<
      ManyResult<DataPost>
    >();
    // @ts-expect-error cards look up by card_id or card_uris only
    void client.cards.getMany({ account_id: "a", ids: [] }, { by: "card_types" });
    // @ts-expect-error getMany takes ids, not the id-list parameter
    void client.campaigns.getMany({ account_id: "a", campaign_ids: ["c1"] });
    // A single read does not page; nor does a collection (spec §4.8: one do-not-reach list).
    expectTypeOf(client.campaigns.get).not.toHaveProperty("pages");
    expectTypeOf(client.do_not_reach_lists.list).not.toHaveProperty("pages");
    expectTypeOf(client.custom_audiences.targeted.list).toHaveProperty("pages");
    // cards.list takes no with_total_count; funding instruments look up by funding_instrument_ids
    // (the catalog takes the recorded SDK's id list there).
    expectTypeOf(client.cards.list).not.toHaveProperty("totalCount");
    expectTypeOf(client.funding_instruments).toHaveProperty("getMany");
    // Open-parameter endpoints keep their helpers (promoted_posts.list is open per the spec).
    expectTypeOf(client.promoted_posts).toHaveProperty("getMany");
    expectTypeOf(client.funding_instruments.list).toHaveProperty("totalCount");
  });

  it("chunked batches", () => {
    expectTypeOf(
      client.custom_audiences.batch.chunked({
        account_id: "a",
        operations: [{ operation_type: "Create", params: { name: "n" } }],
      }),
    ).resolves.toEqualTypeOf<
      BatchOutcome<CustomAudience, Awaited<ReturnType<typeof client.custom_audiences.batch>>>
    >();
    // A single create is not a batch.
    expectTypeOf(client.campaigns.create).not.toHaveProperty("chunked");
    void client.campaigns.batch({
      account_id: "a",
      // @ts-expect-error operation_type is Create, Update or Delete
      operations: [{ operation_type: "Upsert", params: {} }],
    });
  });

  it("generic calls take only catalog ids", () => {
    // @ts-expect-error not a catalog id
    void client.call("campaigns.destroy", {});
    // @ts-expect-error campaigns.get does not page
    void client.pages("campaigns.get", { account_id: "a", campaign_id: "c" });
  });

  it("plans name catalog ids of the right kind", () => {
    void client.plan([
      { page: "campaigns.list", accountIds: ["a"], knownItems: 10 },
      { lookup: "line_items.list", accountId: "a", ids: 300 },
      { call: "custom_audiences.users.batch", accountId: "a", times: 2 },
    ]);
    // @ts-expect-error campaigns.get does not page
    void client.plan([{ page: "campaigns.get", accountIds: ["a"] }]);
    // @ts-expect-error not a catalog id
    void client.plan([{ call: "campaigns.destroy" }]);
    expectTypeOf(client.budget.window("campaigns.list", "a")?.scope).toEqualTypeOf<
      "user" | "account" | undefined
    >();
  });

  it("analytics calls answer the stats body itself, jobs in their envelopes (issue 36)", () => {
    const params = {
      account_id: "a",
      entity: "CAMPAIGN",
      entity_ids: ["c1"],
      start_time: "2026-11-01T00:00:00Z",
      end_time: "2026-11-02T00:00:00Z",
      granularity: "DAY",
      metric_groups: ["ENGAGEMENT"],
      placement: "ALL_ON_TWITTER",
    } as const;
    expectTypeOf(client.stats.get(params)).resolves.toEqualTypeOf<StatsAnswer>();
    expectTypeOf(client.stats.jobs.create(params)).resolves.toHaveProperty("data");
    expectTypeOf(
      client.stats.jobs.result({ result_file: "1-t.json.gz" }),
    ).resolves.toEqualTypeOf<StatsAnswer>();
    expectTypeOf(client.stats.jobs.list.items({ account_id: "a" })).toEqualTypeOf<
      AsyncIterable<StatsJob>
    >();
    // @ts-expect-error granularity is an enum
    void client.stats.get({ ...params, granularity: "WEEK" });
  });
});
