import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, postGraphQL, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// Reads of the graph against the real ads-api (seeded demo data) and the real facade.

const A = DEMO.accounts[0].id; // dmo1ab: 3 funding instruments, 5 campaigns (one draft), cards, media

describe("the graph over the running servers", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ measureUpstream: true });
  });
  afterAll(() => stack.close());

  const ok = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as T;
  };

  it("answers the viewer with its accounts", async () => {
    const data = await ok<{
      viewer: {
        userId: string;
        screenName: string;
        accounts: { totalCount: number; edges: { node: { rawId: string } }[] };
      };
    }>(
      `{ viewer { userId screenName accounts(sort: { field: ID }) { totalCount edges { node { rawId } } } } }`,
    );
    expect(data.viewer).toEqual({
      userId: DEMO.user.id,
      screenName: DEMO.user.screenName,
      // The two full demo accounts and issue 17's account of another business.
      accounts: {
        totalCount: 3,
        edges: [...DEMO.accounts, DEMO.otherBusinessAccount].map((a) => ({
          node: { rawId: a.id },
        })),
      },
    });
  });

  it("reads an account with every field of spec §2.2 and the caller's access", async () => {
    const data = await ok<{ account: Record<string, unknown> }>(`{ account(rawId: "${A}") {
      id rawId name businessName businessId timezone timezoneSwitchAt industryType approvalStatus
      createdAt updatedAt deleted authenticatedUserAccess { userId permissions account { rawId } }
    } }`);
    expect(data.account).toMatchObject({
      rawId: A,
      name: DEMO.accounts[0].name,
      businessName: "Demo Coffee Roasters",
      industryType: "RESTAURANT",
      approvalStatus: "ACCEPTED",
      deleted: false,
      authenticatedUserAccess: {
        userId: DEMO.user.id,
        permissions: ["ACCOUNT_ADMIN", "POST_COMPOSER"],
        account: { rawId: A },
      },
    });
    expect(data.account.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("keeps money exact beyond 2^31 as micros with the currency", async () => {
    const data = await ok<{
      account: { fundingInstrument: unknown; campaign: unknown };
    }>(`{ account(rawId: "${A}") {
      fundingInstrument(id: "${globalId("FundingInstrument", `${A}f2`, A)}") { type currency fundedAmount { micros currency } creditLimit { micros } endTime }
      campaign(id: "${globalId("Campaign", `${A}c3`, A)}") { totalBudget { micros currency } dailyBudget { micros currency } }
    } }`);
    expect(data.account.fundingInstrument).toMatchObject({
      type: "INSERTION_ORDER",
      fundedAmount: { micros: "5000000000", currency: "USD" },
      creditLimit: null,
    });
    expect(data.account.campaign).toEqual({
      totalBudget: { micros: "3000000000", currency: "USD" },
      dailyBudget: { micros: "75000000", currency: "USD" },
    });
  });

  it("pages a connection with first/after, from endCursor or from any edge's cursor", async () => {
    type Page = {
      account: {
        campaigns: {
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
          edges: { cursor: string; node: { rawId: string } }[];
        };
      };
    };
    const query = `query ($after: String) { account(rawId: "${A}") { campaigns(first: 2, after: $after) {
      pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { rawId } } } } }`;
    const first = (await ok<Page>(query)).account.campaigns;
    expect(first.edges.map((e) => e.node.rawId)).toEqual([`${A}c1`, `${A}c2`]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    // endCursor is the upstream cursor, and the last edge's cursor too.
    expect(first.edges[1]?.cursor).toBe(first.pageInfo.endCursor);
    const second = (await ok<Page>(query, { after: first.pageInfo.endCursor })).account.campaigns;
    expect(second.edges.map((e) => e.node.rawId)).toEqual([`${A}c3`, `${A}c4`]);
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    const third = (await ok<Page>(query, { after: second.pageInfo.endCursor })).account.campaigns;
    expect(third.edges).toEqual([]);
    expect(third.pageInfo.hasNextPage).toBe(false);
    const fromMiddle = (await ok<Page>(query, { after: first.edges[0]?.cursor })).account.campaigns;
    expect(fromMiddle.edges.map((e) => e.node.rawId)).toEqual([`${A}c2`, `${A}c3`]);

    const bad = await stack.query(query, { after: "ec1.bm90IGEgY3Vyc29y" });
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const tooMany = await stack.query(
      `{ account(rawId: "${A}") { cards(first: 201) { edges { cursor } } } }`,
    );
    expect(tooMany.errors?.[0]).toMatchObject({
      message: "first must be between 1 and 200 (got 201).",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("filters connections as the spec's list parameters do", async () => {
    const ids = (c: { edges: { node: { rawId: string } }[] }) => c.edges.map((e) => e.node.rawId);
    type C = { edges: { node: { rawId: string } }[] };
    const data = await ok<
      Record<string, { campaigns: C; fundingInstruments: C; media: C; cards: C }>
    >(`{
      drafts: account(rawId: "${A}") { campaigns(withDraft: true, sort: { field: ID }) { edges { node { rawId } } } }
      prefix: account(rawId: "${A}") { campaigns(q: "holi") { edges { node { rawId } } } }
      byIds: account(rawId: "${A}") { campaigns(ids: ["${globalId("Campaign", `${A}c3`, A)}", "${globalId("Campaign", `${A}c1`, A)}"], sort: { field: NAME, direction: DESC }) { edges { node { rawId } } } }
      byFunding: account(rawId: "${A}") { campaigns(fundingInstrumentIds: ["${globalId("FundingInstrument", `${A}f2`, A)}"]) { edges { node { rawId } } } }
      fis: account(rawId: "${A}") { fundingInstruments(ids: ["${globalId("FundingInstrument", `${A}f3`, A)}", "${globalId("FundingInstrument", `${A}f1`, A)}"], sort: { field: ID }) { edges { node { rawId } } } }
      media: account(rawId: "${A}") { media(creativeTypes: [PREROLL, BANNER], sort: { field: ID }) { edges { node { rawId } } } }
      cards: account(rawId: "${A}") { cards(cardTypes: [VIDEO_WEBSITE]) { edges { node { rawId } } } }
    }`);
    expect(ids(present(data.drafts).campaigns)).toEqual([1, 2, 3, 4, 5].map((n) => `${A}c${n}`));
    expect(ids(present(data.prefix).campaigns)).toEqual([`${A}c4`]);
    expect(ids(present(data.byIds).campaigns)).toEqual([`${A}c1`, `${A}c3`]); // Spring…, Retargeting
    expect(ids(present(data.byFunding).campaigns)).toEqual([`${A}c2`, `${A}c4`]);
    expect(ids(present(data.fis).fundingInstruments)).toEqual([`${A}f1`, `${A}f3`]);
    expect(ids(present(data.media).media)).toEqual([`${A}m1`, `${A}m2`]);
    expect(ids(present(data.cards).cards)).toHaveLength(1);
  });

  it("gives every object a global id the Node interface resolves", async () => {
    const listed = await ok<{
      account: Record<string, { edges: { node: { id: string; __typename: string } }[] }> & {
        id: string;
      };
    }>(`{ account(rawId: "${A}") { id
      campaigns(first: 1) { edges { node { id __typename } } }
      fundingInstruments(first: 1) { edges { node { id __typename } } }
      media(first: 1) { edges { node { id __typename } } }
      cards(first: 1) { edges { node { id __typename } } }
      pollCards(first: 1) { edges { node { id __typename } } }
      videoConversationCards(first: 1) { edges { node { id __typename } } }
      imageConversationCards(first: 1) { edges { node { id __typename } } }
    } }`);
    const { id: accountId, ...lists } = listed.account;
    const objects = [
      { id: accountId, __typename: "Account" },
      ...Object.values(lists).map((list) => present(list.edges[0]).node),
    ];
    expect(objects.map((o) => o.__typename)).toEqual([
      "Account",
      "Campaign",
      "FundingInstrument",
      "AccountMedia",
      "GenericCard",
      "PollCard",
      "VideoConversationCard",
      "ImageConversationCard",
    ]);
    const data = await ok<{ nodes: { id: string; __typename: string }[]; node: { id: string } }>(
      `query ($ids: [ID!]!, $one: ID!) { nodes(ids: $ids) { id __typename } node(id: $one) { id } }`,
      { ids: objects.map((o) => o.id), one: present(objects[1]).id },
    );
    expect(data.nodes).toEqual(objects);
    expect(data.node.id).toBe(present(objects[1]).id);
  });

  it("answers a missing id with null and an error on that path only", async () => {
    const body = await stack.query(`{ account(rawId: "${A}") {
      found: campaign(id: "${globalId("Campaign", `${A}c1`, A)}") { name }
      missing: campaign(id: "${globalId("Campaign", "nope", A)}") { name }
      fi: fundingInstrument(id: "${globalId("FundingInstrument", `${A}f1`, A)}") { type }
    } }`);
    expect(body.data).toEqual({
      account: { found: { name: "Spring launch" }, missing: null, fi: { type: "CREDIT_CARD" } },
    });
    expect(body.errors).toEqual([
      expect.objectContaining({ path: ["account", "missing"], extensions: { code: "NOT_FOUND" } }),
    ]);
    const node = await stack.query(
      `{ nodes(ids: ["${Buffer.from(`Campaign:${A}/nope`).toString("base64")}"]) { id } }`,
    );
    expect(node.data).toEqual({ nodes: [null] });
    expect(node.errors?.[0]).toMatchObject({
      path: ["nodes", 0],
      extensions: { code: "NOT_FOUND" },
    });
  });

  it("reads cards: components as a union, slides, media, polls and conversation cards", async () => {
    const data = await ok<{
      account: Record<string, { edges: { node: Record<string, unknown> }[] }>;
    }>(`{ account(rawId: "${A}") {
      cards(sort: { field: ID }) { edges { node {
        name cardUri cardType
        components { __typename
          ... on MediaComponent { mediaKey media { mediaKey mediaType mediaUrl width height duration aspectRatio } }
          ... on SwipeableMediaComponent { mediaKeys mediaItems { mediaKey } }
          ... on DetailsComponent { title destination { type url } }
          ... on ButtonComponent { label destination { type countryCode googleplayAppId iosAppStoreIdentifier } }
        }
        slides { __typename }
        media { mediaKey mediaType }
      } } }
      pollCards(sort: { field: ID }) { totalCount edges { node { name cardType firstChoice secondChoice thirdChoice fourthChoice durationInMinutes startTime endTime closed media { mediaKey } } } }
      videoConversationCards { edges { node { name firstCta firstCtaPost secondCta thankYouText posterMediaKey media { mediaKey mediaUrl } } } }
      imageConversationCards { edges { node { name firstCta title imageUrl media { mediaKey } } } }
    } }`);
    const cards = present(data.account.cards).edges.map((e) => e.node);
    expect(cards.map((c) => c.name)).toEqual([
      "Brand film card",
      "Install the app",
      "Product carousel",
      "Multi-destination carousel",
    ]);
    expect(cards[0]).toMatchObject({
      cardUri: expect.stringMatching(/^card:\/\/\d+$/) as unknown,
      cardType: "VIDEO_WEBSITE",
      components: [
        {
          __typename: "MediaComponent",
          media: {
            mediaType: "VIDEO",
            width: 1280,
            height: 720,
            duration: 15000,
            aspectRatio: "16:9",
          },
        },
        {
          __typename: "DetailsComponent",
          title: "Shop now",
          destination: { type: "WEBSITE", url: "https://example.com/shop" },
        },
      ],
      slides: null,
    });
    expect(cards[1]?.components).toEqual([
      expect.objectContaining({ __typename: "MediaComponent" }),
      {
        __typename: "ButtonComponent",
        label: "INSTALL",
        destination: {
          type: "APP",
          countryCode: "US",
          googleplayAppId: "com.example.demo",
          iosAppStoreIdentifier: "333903271",
        },
      },
    ]);
    expect(cards[2]?.media).toHaveLength(2);
    expect(cards[3]).toMatchObject({
      components: null,
      media: [{ mediaType: "IMAGE" }, { mediaType: "IMAGE" }],
    });
    expect((cards[3]?.slides as unknown[][]).map((slide) => slide.length)).toEqual([2, 2]);

    const polls = present(data.account.pollCards);
    expect(polls).toMatchObject({ totalCount: 2 });
    expect(polls.edges[0]?.node).toMatchObject({
      name: "Favourite roast?",
      cardType: "TEXT_POLLS",
      firstChoice: "Light",
      thirdChoice: "Dark",
      fourthChoice: null,
      durationInMinutes: 10080,
      closed: true, // seeded 30 days ago: the week is over
      media: [],
    });
    expect(present(data.account.videoConversationCards).edges[0]?.node).toMatchObject({
      name: "Pick your flavour",
      firstCta: "#Vanilla",
      secondCta: "#Mocha",
      thankYouText: "Thanks for voting!",
      media: [
        { mediaKey: expect.stringMatching(/^13_/) as unknown },
        { mediaKey: expect.stringMatching(/^3_/) as unknown },
      ],
    });
    expect(present(data.account.imageConversationCards).edges[0]?.node).toMatchObject({
      firstCta: "#Hiking",
      title: "Where next?",
    });
  });

  it("reads account media and every kind of reference data", async () => {
    await stack.adsApi.requests.reset();
    const data = await ok<Record<string, unknown>>(`{
      account(rawId: "${A}") { media(sort: { field: ID }) { totalCount edges { node { rawId creativeType videoId mediaUrl deleted } } } }
      biddingRules(currency: "USD") { nodes { currency minimumCpeBid { micros currency } maximumCpeBid { micros } minimumDenomination } }
      contentCategories { nodes { id name iabCategoryIds iabCategories { nodes { rawId name parent { rawId } } } publishersInLastThirtyDays } }
      iabCategories(first: 100) { totalCount pageInfo { hasNextPage } edges { node { id parentId } } }
      placements(productType: PROMOTED_ACCOUNT) { nodes { productType placements } }
      businessCategories { totalCount nodes { id name } }
    }`);
    expect(data.account).toMatchObject({ media: { totalCount: 4 } });
    expect(data.biddingRules).toEqual({
      nodes: [
        {
          currency: "USD",
          minimumCpeBid: { micros: "10000", currency: "USD" },
          maximumCpeBid: { micros: "100000000" },
          minimumDenomination: "1000",
        },
      ],
    });
    const arts = present(
      (
        data.contentCategories as {
          nodes: {
            iabCategoryIds: string[];
            iabCategories: { nodes: { rawId: string; parent: unknown }[] };
          }[];
        }
      ).nodes[0],
    );
    expect(arts.iabCategories.nodes.map((c) => c.rawId)).toEqual(arts.iabCategoryIds);
    expect(arts.iabCategories.nodes[1]?.parent).toEqual({ rawId: "IAB1" });
    expect(data.iabCategories).toMatchObject({ totalCount: 392, pageInfo: { hasNextPage: true } });
    expect(data.placements).toEqual({
      nodes: [
        {
          productType: "PROMOTED_ACCOUNT",
          placements: [
            ["ALL_ON_TWITTER"],
            ["TWITTER_PROFILE"],
            ["TWITTER_SEARCH"],
            ["TWITTER_TIMELINE"],
          ],
        },
      ],
    });
    expect(data.businessCategories).toMatchObject({ totalCount: 22 });
    expect((data.businessCategories as { nodes: unknown[] }).nodes).toHaveLength(22);
    // Reference data went out with the facade's app-only bearer, the account's media as the user.
    const log = await stack.adsApi.requests.entries();
    const schemes = new Map(log.map((entry) => [entry.endpointId, entry.scheme]));
    for (const id of [
      "bidding_rules.list",
      "content_categories.list",
      "iab_categories.list",
      "placements.list",
      "advertiser_business_categories.list",
    ]) {
      expect(schemes.get(id), id).toBe("bearer");
    }
    expect(schemes.get("account_media.list")).toBe("oauth");
  });

  it("refuses callers without a live session: UNAUTHENTICATED, saying why", async () => {
    const missing = await postGraphQL(stack.facade.url, "{ health viewer { screenName } }");
    expect(missing.body.data).toEqual({ health: "ok", viewer: null });
    expect(missing.body.errors?.[0]).toMatchObject({
      path: ["viewer"],
      message: expect.stringContaining("Sign in first") as unknown,
      extensions: { code: "UNAUTHENTICATED" },
    });
    // A token of the right form that names no session.
    const invalid = await postGraphQL(stack.facade.url, "{ biddingRules { nodes { currency } } }", {
      headers: { authorization: `Bearer ags_${"A".repeat(43)}` },
    });
    expect(invalid.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining("unknown, expired or revoked") as unknown,
      extensions: { code: "UNAUTHENTICATED" },
    });
    const malformed = await postGraphQL(
      stack.facade.url,
      "{ biddingRules { nodes { currency } } }",
      {
        headers: { authorization: "Bearer ags_not-a-session" },
      },
    );
    expect(malformed.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining("malformed") as unknown,
      extensions: { code: "UNAUTHENTICATED" },
    });
  });

  it("maps an account the caller cannot access to FORBIDDEN with the service's codes", async () => {
    await stack.adsApi.seedBench({ accountId: "notmine", grantUserIds: [] });
    const body = await stack.query(`{ account(rawId: "notmine") { name } }`);
    expect(body.data).toEqual({ account: null });
    expect(body.errors).toEqual([
      {
        message: expect.stringContaining("refused access") as unknown,
        locations: [{ line: 1, column: 3 }],
        path: ["account"],
        extensions: {
          code: "FORBIDDEN",
          upstream: { status: 403, codes: ["UNAUTHORIZED_ACCESS"] },
        },
      },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts|oauth_|Bearer/);
  });
});
