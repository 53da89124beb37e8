import { DEMO } from "@adsgraph/ads-api";
import { globalId, startStack } from "@adsgraph/graphql/testing";
import type { Stack } from "@adsgraph/graphql/testing";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { execute } from "../src/client.js";
import {
  AccountCampaignsQuery,
  AccountPostsQuery,
  CardsWithMediaQuery,
  CreateCampaignMutation,
  FundingInstrumentsQuery,
  HealthQuery,
  ReferenceDataQuery,
  ViewerAccountsQuery,
} from "../src/documents.js";
import type { EntityStatus, PostMediaType } from "../src/generated/gql/graphql.js";

const ACCOUNT_ID = DEMO.accounts[0].id;

describe("the example consumer against the running servers (ads-api + facade)", () => {
  /** The real ads-api (demo data) and the real facade over it, with a session of the demo user. */
  let stack: Stack;

  beforeAll(async () => {
    // The test PostgreSQL (docs/configuration.md): PGlite takes ~10 s per database to start.
    stack = await startStack({ engine: "postgresql" });
  });
  afterAll(() => stack.close());

  /** Runs a typed document as the demo user. */
  function run<TData, TVariables>(
    document: TypedDocumentNode<TData, TVariables>,
    variables?: TVariables,
  ) {
    return execute(stack.facade.url, document, variables, stack.headers);
  }

  it("runs the typed Health query", async () => {
    const result = await execute(stack.facade.url, HealthQuery);
    expectTypeOf(result.data).toEqualTypeOf<{ health: string | null } | null | undefined>();
    expect(result.data).toEqual({ health: "ok" });
    expect(result.errors).toBeUndefined();
    // Every answer says what it cost upstream (docs/cost.md): health reads nothing.
    expect(result.extensions?.cost).toMatchObject({ mode: "run", actual: 0 });
  });

  it("lists the viewer's accounts", async () => {
    const { data, errors } = await run(ViewerAccountsQuery);
    expect(errors).toBeUndefined();
    const accounts = data?.viewer?.accounts;
    expectTypeOf(accounts?.totalCount).toEqualTypeOf<number | undefined>();
    // The two full demo accounts and issue 17's account of another business (dmo3ef).
    expect(accounts?.totalCount).toBe(3);
    expect(accounts?.edges.map((e) => e.node.industryType)).toEqual([
      "RESTAURANT",
      "RETAIL",
      "RESTAURANT",
    ]);
  });

  it("pages an account's campaigns with their funding instruments", async () => {
    const first = await run(AccountCampaignsQuery, { accountId: ACCOUNT_ID, first: 3 });
    expect(first.errors).toBeUndefined();
    const page = first.data?.account?.campaigns;
    expect(page?.edges).toHaveLength(3);
    const campaign = page?.edges[0]?.node;
    expectTypeOf(campaign?.dailyBudget?.micros).toEqualTypeOf<string | undefined>();
    expectTypeOf(campaign?.entityStatus).toEqualTypeOf<EntityStatus | null | undefined>();
    expect(campaign).toMatchObject({
      name: "Spring launch",
      dailyBudget: { micros: "25000000", currency: "USD" },
      fundingInstrument: { type: "CREDIT_CARD" },
    });
    const next = await run(AccountCampaignsQuery, {
      accountId: ACCOUNT_ID,
      first: 3,
      after: page?.pageInfo.endCursor ?? null,
    });
    expect(next.data?.account?.campaigns?.edges.map((e) => e.node.name)).toEqual(["Holiday promo"]);
    expect(next.data?.account?.campaigns?.pageInfo.hasNextPage).toBe(false);
  });

  it("lists funding instruments with their campaigns, and cards with their media", async () => {
    const funding = await run(FundingInstrumentsQuery, { accountId: ACCOUNT_ID });
    const instruments = funding.data?.account?.fundingInstruments?.edges.map((e) => e.node);
    expect(instruments?.map((fi) => [fi.rawId, fi.campaigns?.nodes.length])).toEqual([
      [`${ACCOUNT_ID}f1`, 2],
      [`${ACCOUNT_ID}f2`, 2],
      [`${ACCOUNT_ID}f3`, 0],
    ]);
    expect(instruments?.[1]?.fundedAmount).toEqual({ micros: "5000000000", currency: "USD" });

    const cards = await run(CardsWithMediaQuery, { accountId: ACCOUNT_ID });
    const first = cards.data?.account?.cards?.edges[0]?.node;
    expect(first?.media[0]).toMatchObject({
      mediaType: "VIDEO",
      mediaKey: expect.stringMatching(/^\d+_\d+$/) as unknown,
    });
  });

  it("reads reference data", async () => {
    const { data } = await run(ReferenceDataQuery, { currency: "EUR" });
    expect(data?.biddingRules?.nodes).toEqual([
      { currency: "EUR", minimumCpeBid: { micros: "10000" } },
    ]);
    expect(data?.contentCategories?.nodes[0]?.iabCategories?.nodes.map((c) => c.rawId)).toEqual([
      "IAB1",
      "IAB1-5",
      "IAB1-7",
    ]);
  });

  it("creates a campaign, and gets a typed ValidationError for a bad one", async () => {
    const input = {
      accountId: globalId("Account", ACCOUNT_ID),
      name: "From the web client",
      fundingInstrumentId: globalId("FundingInstrument", `${ACCOUNT_ID}f1`, ACCOUNT_ID),
      totalBudget: "2500000000",
      entityStatus: "PAUSED" as const,
    };
    const created = (await run(CreateCampaignMutation, { input })).data?.createCampaign;
    if (created?.__typename !== "CreateCampaignPayload")
      throw new Error(`unexpected ${created?.__typename}`);
    expectTypeOf(created.campaign.totalBudget).toEqualTypeOf<{
      micros: string;
      currency: string;
    } | null>();
    expect(created.campaign).toMatchObject({
      name: input.name,
      entityStatus: "PAUSED",
      totalBudget: { micros: "2500000000" },
    });

    const refused = (
      await run(CreateCampaignMutation, { input: { ...input, name: "x".repeat(300) } })
    ).data?.createCampaign;
    if (refused?.__typename !== "ValidationError")
      throw new Error(`unexpected ${refused?.__typename}`);
    expect(refused.violations.map((v) => [v.field, v.code])).toEqual([["name", "TOO_LONG"]]);
    expect(refused.code).toBe("BAD_USER_INPUT");
  });

  it("lists an account's published posts with their authors and media", async () => {
    const { data, errors } = await run(AccountPostsQuery, {
      accountId: ACCOUNT_ID,
      first: 10,
    });
    expect(errors).toBeUndefined();
    const posts = data?.account?.posts?.edges.map((e) => e.node) ?? [];
    expect(posts.length).toBeGreaterThan(3);
    const first = posts[0];
    if (first?.__typename !== "Post") throw new Error(`unexpected ${first?.__typename}`);
    expectTypeOf(first.rawId).toEqualTypeOf<string>();
    expectTypeOf(first.media).toEqualTypeOf<
      | {
          mediaKey: string;
          type: PostMediaType | null;
          url: string | null;
          durationMs: number | null;
        }[]
      | null
    >();
    expect(first.author?.username).toBe("adsgraph_demo");
    const video = posts.find(
      (p) => p.__typename === "Post" && p.media?.some((m) => m.type === "VIDEO"),
    );
    expect(video?.__typename === "Post" && video.media?.[0]?.durationMs).toBeGreaterThan(0);
  });
});
