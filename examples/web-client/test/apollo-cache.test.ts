import { globalId, startStack } from "@adsgraph/graphql/testing";
import type { Stack } from "@adsgraph/graphql/testing";
import type { ApolloClient, OperationVariables } from "@apollo/client";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApolloClient } from "../src/apollo-client.js";
import {
  CampaignPagesQuery,
  CreateCampaignWithListMutation,
  DeleteCampaignMutation,
  RenameCampaignMutation,
  ViewerScreenNameQuery,
  ViewerUserIdQuery,
} from "../src/cache-documents.js";
import { execute } from "../src/client.js";
import { ViewerAccountsQuery } from "../src/documents.js";
import type { CampaignPagesQuery as CampaignPages } from "../src/generated/gql/graphql.js";

// Apollo Client 4 with the generated cache module (@adsgraph/client-cache) and nothing else,
// against the real servers: what a frontend sees, and which requests reach the facade.

/** The campaigns connection of a CampaignPages answer. */
function campaignsOf(data: CampaignPages | undefined) {
  return data?.node?.__typename === "Account" ? data.node.campaigns : undefined;
}

function namesOf(data: CampaignPages | undefined) {
  return campaignsOf(data)?.edges.map((edge) => edge.node.name);
}

describe("Apollo Client 4 with only the generated cache configuration, against the real servers", () => {
  let stack: Stack;
  /** The global id of the demo user's first account, and its wire id. */
  let accountId: string;
  let rawAccountId: string;
  const cleanups: (() => void)[] = [];

  beforeAll(async () => {
    stack = await startStack({ engine: "postgresql" });
    const { data } = await execute(stack.facade.url, ViewerAccountsQuery, undefined, stack.headers);
    const first = data?.viewer?.accounts?.edges[0]?.node;
    if (first === undefined) throw new Error("the demo user has no account");
    accountId = first.id;
    rawAccountId = first.rawId;
  });
  afterEach(() => {
    cleanups.splice(0).forEach((cleanup) => {
      cleanup();
    });
  });
  afterAll(() => stack.close());

  /** A fresh client, and the operation names of the requests it sends, in order. */
  function client() {
    const operations: string[] = [];
    const apollo = createApolloClient(stack.facade.url, {
      headers: stack.headers,
      fetch: (input, init) => {
        const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : {};
        const name =
          typeof body === "object" && body !== null && "operationName" in body
            ? String(body.operationName)
            : "?";
        operations.push(name);
        return fetch(input, init);
      },
    });
    return { apollo, operations };
  }

  /** A watched query (cache-first, as an app's), and the last complete data it emitted. */
  function watch<TData, TVariables extends OperationVariables>(
    apollo: ApolloClient,
    query: TypedDocumentNode<TData, TVariables>,
    variables: NoInfer<TVariables>,
  ) {
    const observable = apollo.watchQuery<TData, TVariables>({ query, variables });
    let latest: TData | undefined;
    const subscription = observable.subscribe((result) => {
      if (result.dataState === "complete") latest = result.data;
    });
    cleanups.push(() => {
      subscription.unsubscribe();
    });
    return { observable, latest: () => latest };
  }

  it("reads accounts -> campaigns -> funding instruments a page at a time, fetchMore merging the pages", async () => {
    const whole = await execute(
      stack.facade.url,
      CampaignPagesQuery,
      { accountId, first: 50 },
      stack.headers,
    );
    const expected = campaignsOf(whole.data ?? undefined);
    expect(expected?.edges.length).toBeGreaterThan(2);

    const { apollo, operations } = client();
    const pages = watch(apollo, CampaignPagesQuery, { accountId, first: 2 });
    await expect.poll(() => namesOf(pages.latest())?.length).toBe(2);
    for (let page = 1; campaignsOf(pages.latest())?.pageInfo.hasNextPage === true; page++) {
      const after = campaignsOf(pages.latest())?.pageInfo.endCursor ?? null;
      await pages.observable.fetchMore({ variables: { after } });
      await expect.poll(() => namesOf(pages.latest())?.length).toBeGreaterThan(2 * page);
    }

    // The watched query (no `after`) reads every page as one list, in order, nested entities
    // included (Apollo adds __typename); one request per page.
    const merged = campaignsOf(pages.latest());
    expect(merged?.edges.map((edge) => edge.node)).toMatchObject(
      expected?.edges.map((edge) => edge.node) ?? [],
    );
    expect(merged?.totalCount).toBe(expected?.totalCount);
    expect(merged?.pageInfo.hasNextPage).toBe(false);
    expect(operations).toEqual(
      Array.from({ length: Math.ceil((expected?.edges.length ?? 0) / 2) }, () => "CampaignPages"),
    );
  });

  it("shows an update in a watched list without asking for the list again", async () => {
    const { apollo, operations } = client();
    const list = watch(apollo, CampaignPagesQuery, { accountId, first: 50 });
    await expect.poll(() => namesOf(list.latest())?.length).toBeGreaterThan(0);
    const campaign = campaignsOf(list.latest())?.edges[0]?.node;
    if (campaign === undefined) throw new Error("no campaign");

    const renamed = await apollo.mutate({
      mutation: RenameCampaignMutation,
      variables: { input: { id: campaign.id, name: "Renamed through Apollo" } },
    });
    expect(renamed.data?.updateCampaign.__typename).toBe("UpdateCampaignPayload");
    await expect.poll(() => namesOf(list.latest())?.[0]).toBe("Renamed through Apollo");
    expect(operations).toEqual(["CampaignPages", "RenameCampaign"]);
  });

  it("keeps code and message on every Error member a mutation answers", async () => {
    const { apollo } = client();
    const list = watch(apollo, CampaignPagesQuery, { accountId, first: 1 });
    await expect.poll(() => namesOf(list.latest())?.length).toBe(1);
    const campaign = campaignsOf(list.latest())?.edges[0]?.node;
    if (campaign === undefined) throw new Error("no campaign");

    const invalid = await apollo.mutate({
      mutation: RenameCampaignMutation,
      variables: { input: { id: campaign.id, name: "x".repeat(300) } },
    });
    expect(invalid.data?.updateCampaign).toMatchObject({
      __typename: "ValidationError",
      code: expect.any(String) as unknown,
      message: expect.any(String) as unknown,
      violations: [{ field: "name", code: "TOO_LONG" }],
    });

    // A campaign id of the right form, in the right account, that names no campaign.
    const missing = globalId("Campaign", "nosuchcampaign", rawAccountId);
    const notFound = await apollo.mutate({
      mutation: RenameCampaignMutation,
      variables: { input: { id: missing, name: "Nobody" } },
    });
    expect(notFound.data?.updateCampaign).toEqual({
      __typename: "NotFoundError",
      code: expect.any(String) as unknown,
      message: expect.any(String) as unknown,
    });
  });

  it("shows a create and a delete in a watched list without asking for the list again", async () => {
    const { apollo, operations } = client();
    const list = watch(apollo, CampaignPagesQuery, { accountId, first: 50 });
    await expect.poll(() => namesOf(list.latest())?.length).toBeGreaterThan(0);
    const before = campaignsOf(list.latest());
    const fundingInstrumentId = before?.edges[0]?.node.fundingInstrument?.id;
    if (before === null || before === undefined || fundingInstrumentId === undefined)
      throw new Error("no campaign with a funding instrument");

    const created = await apollo.mutate({
      mutation: CreateCampaignWithListMutation,
      variables: {
        input: {
          accountId,
          fundingInstrumentId,
          name: "Created through Apollo",
          entityStatus: "PAUSED",
        },
      },
    });
    const payload = created.data?.createCampaign;
    if (payload?.__typename !== "CreateCampaignPayload" || !("campaign" in payload))
      throw new Error(`unexpected ${payload?.__typename}`);
    await expect.poll(() => namesOf(list.latest())).toContain("Created through Apollo");
    expect(campaignsOf(list.latest())?.totalCount).toBe(before.totalCount + 1);

    const deleted = await apollo.mutate({
      mutation: DeleteCampaignMutation,
      variables: { input: { id: payload.campaign.id } },
    });
    expect(deleted.data?.deleteCampaign).toMatchObject({
      __typename: "DeleteCampaignPayload",
      deletedId: payload.campaign.id,
      campaign: { id: payload.campaign.id, deleted: true },
    });
    await expect.poll(() => namesOf(list.latest())).not.toContain("Created through Apollo");
    expect(campaignsOf(list.latest())?.totalCount).toBe(before.totalCount);
    expect(operations).toEqual(["CampaignPages", "CreateCampaignWithList", "DeleteCampaign"]);
  });

  it("keeps the first viewer query's answer when a second asks other fields", async () => {
    const { apollo, operations } = client();
    const first = watch(apollo, ViewerScreenNameQuery, {});
    await expect.poll(() => first.latest()?.viewer?.screenName).toBeTruthy();
    const second = await apollo.query({ query: ViewerUserIdQuery });
    expect(second.data?.viewer?.userId).toMatch(/^\d+$/);

    // Both answers are in the cache together, and the first was not asked again.
    expect(apollo.readQuery({ query: ViewerScreenNameQuery })?.viewer?.screenName).toBe(
      first.latest()?.viewer?.screenName,
    );
    expect(apollo.readQuery({ query: ViewerUserIdQuery })?.viewer?.userId).toBe(
      second.data?.viewer?.userId,
    );
    expect(operations).toEqual(["ViewerScreenName", "ViewerUserId"]);
  });
});
