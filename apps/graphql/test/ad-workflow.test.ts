import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// Issue 33, build point 4: the whole ad workflow through the GraphQL facade against a real
// ads-api. A sandbox account gets a funding instrument, a campaign, a line item with targeting,
// a post promoted on the line item and a tracking tag; the whole tree is read back in one query
// with the fewest upstream requests; then everything is deleted in reverse order.

const ERROR_FIELDS = `... on Error { __typename code message upstream { status codes } }
  ... on ValidationError { violations { code field parameter message } }`;

type Result = Record<string, unknown>;

/** The demo's first sandbox account (ads-api seed). */
const A = DEMO.accounts[0].id;

/** The one query that reads the workflow's tree back, top to bottom. */
const TREE = `query ($account: String!, $funding: ID!) { account(rawId: $account) {
  rawId
  fundingInstruments(ids: [$funding], first: 1) { nodes { id currency
    campaigns(first: 5) { nodes { id name
      lineItems(first: 5) { nodes { id name productType
        targetingCriteria(first: 5) { nodes { id targetingType targetingValue } }
        promotedPosts(first: 5) { nodes { id postId lineItemId deleted } }
        trackingTags(first: 5) { nodes { id trackingTagUrl } }
      } }
    } }
  } }
} }`;

interface Tree {
  readonly fundingInstruments: {
    readonly nodes: readonly {
      readonly id: string;
      readonly campaigns: {
        readonly nodes: readonly {
          readonly id: string;
          readonly lineItems: {
            readonly nodes: readonly {
              readonly id: string;
              readonly targetingCriteria: { readonly nodes: readonly Result[] };
              readonly promotedPosts: { readonly nodes: readonly Result[] };
              readonly trackingTags: { readonly nodes: readonly Result[] };
            }[];
          };
        }[];
      };
    }[];
  };
}

describe("the ad workflow through the graph (issue 33)", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ measureUpstream: true });
  });
  afterAll(() => stack.close());

  /** A mutation's one root field (its payload or typed error), without GraphQL errors. */
  async function mutate(query: string, variables?: Record<string, unknown>): Promise<Result> {
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return present(Object.values(body.data as Record<string, Result>)[0]);
  }

  /** The tree, and the upstream requests by endpoint that reading it took. */
  async function readTree(funding: string) {
    const body = await stack.query(TREE, { account: A, funding });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return {
      tree: (body.data as { account: Tree }).account,
      byEndpoint: body.extensions?.upstream?.byEndpoint ?? {},
    };
  }

  it("creates the tree, reads it in one query, and deletes it in reverse", async () => {
    // 1. A sandbox account: the demo's first, where the demo user is ACCOUNT_ADMIN and
    // POST_COMPOSER and its full promotable user (a createSandboxAccount account has no
    // POST_COMPOSER grant, and nothing in the graph or the API grants one).
    const accountId = globalId("Account", A);

    // 2. Its funding instrument (sandbox host).
    const funding = await mutate(`mutation { createSandboxFundingInstrument(input: {
      accountId: "${accountId}", type: CREDIT_CARD, currency: "USD", startTime: "2026-01-01T00:00:00Z"
    }) { __typename ... on CreateSandboxFundingInstrumentPayload { fundingInstrument { id } } ${ERROR_FIELDS} } }`);
    expect(funding.__typename).toBe("CreateSandboxFundingInstrumentPayload");
    const fundingId = (funding.fundingInstrument as { id: string }).id;

    // 3. A campaign on it.
    const campaign = await mutate(`mutation { createCampaign(input: {
      accountId: "${accountId}", name: "Workflow", fundingInstrumentId: "${fundingId}",
      dailyBudget: "10000000", entityStatus: PAUSED
    }) { __typename ... on CreateCampaignPayload { campaign { id } } ${ERROR_FIELDS} } }`);
    expect(campaign.__typename).toBe("CreateCampaignPayload");
    const campaignId = (campaign.campaign as { id: string }).id;

    // 4. A line item that holds promoted posts, and its targeting.
    const lineItem = await mutate(`mutation { createLineItem(input: {
      accountId: "${accountId}", campaignId: "${campaignId}", name: "Workflow engagements",
      objective: ENGAGEMENTS, productType: PROMOTED_POSTS, placements: [ALL_ON_TWITTER],
      bidStrategy: AUTO, entityStatus: PAUSED
    }) { __typename ... on CreateLineItemPayload { lineItem { id rawId } } ${ERROR_FIELDS} } }`);
    expect(lineItem.__typename).toBe("CreateLineItemPayload");
    const { id: lineItemId, rawId: lineItemRawId } = lineItem.lineItem as {
      id: string;
      rawId: string;
    };
    const criterion = await mutate(`mutation { createTargetingCriterion(input: {
      accountId: "${accountId}", lineItemId: "${lineItemId}", targetingType: LOCATION,
      targetingValue: "96683cc9126741d1"
    }) { __typename ... on CreateTargetingCriterionPayload { targetingCriterion { id } } ${ERROR_FIELDS} } }`);
    expect(criterion.__typename).toBe("CreateTargetingCriterionPayload");
    const criterionId = (criterion.targetingCriterion as { id: string }).id;

    // 5. A post (promoted-only) as the account's promotable user.
    const post = await mutate(
      `mutation ($input: CreatePostInput!) { createPost(input: $input) { __typename ... on CreatePostPayload { post { id rawId } } ${ERROR_FIELDS} } }`,
      {
        input: {
          accountId,
          asUserId: globalId("User", DEMO.user.id),
          text: "Our workflow, promoted end to end",
        },
      },
    );
    expect(post.__typename).toBe("CreatePostPayload");
    const { id: postGlobalId, rawId: postId } = post.post as { id: string; rawId: string };

    // 6. The post promoted on the line item; the payload re-selects the line item's list.
    const promoted = await mutate(`mutation { promotePosts(input: {
      accountId: "${accountId}", lineItemId: "${lineItemId}", postIds: ["${postGlobalId}"]
    }) { __typename ... on PromotePostsPayload {
      promotedPosts { id postId lineItemId deleted }
      lineItem { rawId promotedPosts { nodes { postId } } } } ${ERROR_FIELDS} } }`);
    expect(promoted, JSON.stringify(promoted)).toMatchObject({
      __typename: "PromotePostsPayload",
      promotedPosts: [{ postId, lineItemId: lineItemRawId, deleted: false }],
      lineItem: { rawId: lineItemRawId, promotedPosts: { nodes: [{ postId }] } },
    });
    const promotedId = (promoted.promotedPosts as { id: string }[])[0]?.id;

    // 7. A tracking tag on the line item.
    const tag = await mutate(`mutation { createTrackingTag(input: {
      accountId: "${accountId}", lineItemId: "${lineItemId}", trackingTagType: IMPRESSION_TAG,
      trackingTagUrl: "https://track.example.com/workflow"
    }) { __typename ... on CreateTrackingTagPayload { trackingTag { id } } ${ERROR_FIELDS} } }`);
    expect(tag.__typename).toBe("CreateTrackingTagPayload");
    const tagId = (tag.trackingTag as { id: string }).id;

    // The whole tree in one query.
    const { tree, byEndpoint } = await readTree(fundingId);
    expect(tree.fundingInstruments.nodes).toMatchObject([
      {
        id: fundingId,
        currency: "USD",
        campaigns: {
          nodes: [
            {
              id: campaignId,
              name: "Workflow",
              lineItems: {
                nodes: [
                  {
                    id: lineItemId,
                    productType: "PROMOTED_POSTS",
                    targetingCriteria: {
                      nodes: [
                        {
                          id: criterionId,
                          targetingType: "LOCATION",
                          targetingValue: "96683cc9126741d1",
                        },
                      ],
                    },
                    promotedPosts: { nodes: [{ id: promotedId, postId, deleted: false }] },
                    trackingTags: {
                      nodes: [{ id: tagId, trackingTagUrl: "https://track.example.com/workflow" }],
                    },
                  },
                ],
              },
            },
          ],
        },
      },
    ]);
    // The minimum: one request per level of the tree, each list level read for every parent
    // at once (the loaders batch `funding_instrument_ids`, `campaign_ids` and `line_item_ids`).
    // Nothing is read twice and no level is read per parent; the account is not read, as the
    // writes above confirmed access (ACCESS_CHECK_TTL_SECONDS).
    expect(byEndpoint).toEqual({
      "funding_instruments.list": 1,
      "campaigns.list": 1,
      "line_items.list": 1,
      "targeting_criteria.list": 1,
      "promoted_posts.list": 1,
      "tracking_tags.list": 1,
    });

    // Deleted in reverse order, each gone from its parent's list once deleted.
    const removed = async (mutation: string, id: string, payload: string) => {
      const answer = await mutate(
        `mutation ($id: ID!) { ${mutation}(input: { id: $id }) { __typename ... on ${payload} { deletedId } ${ERROR_FIELDS} } }`,
        { id },
      );
      expect(answer).toEqual({ __typename: payload, deletedId: id });
    };
    const lineItemOf = async () =>
      (await readTree(fundingId)).tree.fundingInstruments.nodes[0]?.campaigns.nodes[0]?.lineItems
        .nodes[0];

    await removed("deleteTrackingTag", tagId, "DeleteTrackingTagPayload");
    expect((await lineItemOf())?.trackingTags.nodes).toEqual([]);
    await removed("unpromotePost", present(promotedId), "UnpromotePostPayload");
    expect((await lineItemOf())?.promotedPosts.nodes).toEqual([]);
    // Posts have no delete (neither the spec nor the vendor's ads API deletes a post): it stays.
    await removed("deleteTargetingCriterion", criterionId, "DeleteTargetingCriterionPayload");
    expect((await lineItemOf())?.targetingCriteria.nodes).toEqual([]);
    await removed("deleteLineItem", lineItemId, "DeleteLineItemPayload");
    expect(
      (await readTree(fundingId)).tree.fundingInstruments.nodes[0]?.campaigns.nodes[0]?.lineItems
        .nodes,
    ).toEqual([]);
    await removed("deleteCampaign", campaignId, "DeleteCampaignPayload");
    expect((await readTree(fundingId)).tree.fundingInstruments.nodes[0]?.campaigns.nodes).toEqual(
      [],
    );
    await removed(
      "deleteSandboxFundingInstrument",
      fundingId,
      "DeleteSandboxFundingInstrumentPayload",
    );
    expect((await readTree(fundingId)).tree.fundingInstruments.nodes).toEqual([]);
  });

  it("refuses a line item that cannot hold promoted posts with IncompatibleLineItemError", async () => {
    const posts = await stack.query(
      `{ account(rawId: "${A}") { posts(type: PUBLISHED, first: 1) { nodes { id } } } }`,
    );
    expect(posts.errors, JSON.stringify(posts.errors)).toBeUndefined();
    const postIds = (
      posts.data as { account: { posts: { nodes: { id: string }[] } } }
    ).account.posts.nodes.map((p) => p.id);
    expect(postIds).toHaveLength(1);
    const refused = await mutate(
      `mutation ($input: PromotePostsInput!) { promotePosts(input: $input) { __typename
        ... on IncompatibleLineItemError { field } ${ERROR_FIELDS} } }`,
      {
        input: {
          accountId: globalId("Account", A),
          // The demo's PROMOTED_ACCOUNT line item (ads-api seed/demo-line-items.ts).
          lineItemId: globalId("LineItem", `${A}l2`, A),
          postIds,
        },
      },
    );
    expect(refused).toMatchObject({ __typename: "IncompatibleLineItemError", field: "lineItemId" });
  });

  it("reads the account's features in one request, and deletes a poll card", async () => {
    const body = await stack.query(`{ account(rawId: "${A}") { features featuresRaw } }`);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const { features, featuresRaw } = (
      body.data as { account: { features: string[]; featuresRaw: string[] } }
    ).account;
    expect(features).toContain("PROMOTED_MEDIA_POLLS");
    // Every feature ads-api itself grants has a value of its own (the audiences batch beta too).
    expect(features).not.toContain("UNRECOGNIZED");
    expect(featuresRaw).toHaveLength(features.length);
    // Both fields from one read of the features.
    expect(body.extensions?.upstream?.byEndpoint["features.list"]).toBe(1);

    const poll = await mutate(`mutation { createPollCard(input: {
      accountId: "${globalId("Account", A)}", name: "Workflow poll", durationInMinutes: 60,
      firstChoice: "Yes", secondChoice: "No"
    }) { __typename ... on CreatePollCardPayload { pollCard { id } } ${ERROR_FIELDS} } }`);
    const pollId = (present(poll.pollCard) as { id: string }).id;
    const removed = await mutate(
      `mutation ($id: ID!) { deletePollCard(input: { id: $id }) { __typename
        ... on DeletePollCardPayload { deletedId pollCard { deleted } } ${ERROR_FIELDS} } }`,
      { id: pollId },
    );
    expect(removed).toEqual({
      __typename: "DeletePollCardPayload",
      deletedId: pollId,
      pollCard: { deleted: true },
    });
    const again = await mutate(
      `mutation ($id: ID!) { deletePollCard(input: { id: $id }) { __typename ${ERROR_FIELDS} } }`,
      { id: pollId },
    );
    expect(again).toMatchObject({ __typename: "NotFoundError" });
  });
});
