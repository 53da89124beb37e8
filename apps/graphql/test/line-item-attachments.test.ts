import { DEMO } from "@adsgraph/ads-api";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// The §4.6 attachments in the graph (LineItem's edges, Account.audienceEstimate) and every
// line item and attachment mutation with its typed failures, against the real ads-api and its
// demo line items (`<account>l1…`: l1 WEBSITE_CLICKS promoted posts, l2 PROMOTED_ACCOUNT, l3
// MEDIA pre-roll, l4 three promoted posts), on both engines.

const A = DEMO.accounts[0].id;
const L = (n: number) => `${A}l${n}`;
const GA = globalId("Account", A);
/** A line item's `id` (what `lineItemId` and `lineItem(id:)` take). */
const GL = (n: number) => globalId("LineItem", L(n), A);
const USER = globalId("User", DEMO.user.id);
const CATEGORY = (rawId: string) => globalId("ContentCategory", rawId);
const ERROR_FIELDS = `... on Error { __typename code message upstream { status codes } }
  ... on ValidationError { violations { code field parameter } }`;
const INCOMPATIBLE_FIELDS = `${ERROR_FIELDS} ... on IncompatibleLineItemError { field }`;

type Result = Record<string, unknown>;

describe.each(HTTP_TEST_ENGINES)("line item attachments in the graph on %s", (engine) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true });
  });
  afterAll(() => stack.close());

  /** Runs an operation; its data, its upstream requests by endpoint and what ads-api served. */
  async function run(query: string, variables?: Record<string, unknown>) {
    await stack.adsApi.requests.reset();
    const body = await stack.query(query, variables);
    return {
      body,
      byEndpoint: body.extensions?.upstream?.byEndpoint ?? {},
      served: (await stack.adsApi.requests.counts()).total,
    };
  }

  /** A mutation's result (its one root field), without GraphQL errors. */
  async function mutate(query: string, variables?: Record<string, unknown>) {
    const { body, served } = await run(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const result = present(Object.values(body.data as Record<string, Result>)[0]);
    return { result, served };
  }

  async function lineItemNode(n: number, fields: string) {
    const { body, byEndpoint } = await run(
      `{ account(rawId: "${A}") { lineItem(id: "${GL(n)}") { ${fields} } } }`,
    );
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return {
      lineItem: (body.data as { account: { lineItem: Result } }).account.lineItem,
      byEndpoint,
    };
  }

  it("reads every attachment of the account's line items in one request per list", async () => {
    const { body, byEndpoint } =
      await run(`{ account(rawId: "${A}") { lineItems(first: 50) { edges { node {
      rawId productType
      promotedPosts { nodes { rawId postId lineItemId lineItem { rawId } } }
      promotedAccounts { nodes { rawId } }
      mediaCreatives { nodes { rawId } }
      trackingTags { nodes { rawId } }
    } } } } }`);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const items = (
      body.data as {
        account: {
          lineItems: {
            edges: {
              node: {
                rawId: string;
                productType: string;
                promotedPosts: {
                  nodes: {
                    postId: string;
                    lineItemId: string;
                    lineItem: { rawId: string };
                  }[];
                };
                promotedAccounts: { nodes: unknown[] };
              };
            }[];
          };
        };
      }
    ).account.lineItems.edges.map((e) => e.node);
    const byId = new Map(items.map((item) => [item.rawId, item]));
    expect(byId.get(L(1))?.promotedPosts.nodes).toHaveLength(1);
    expect(byId.get(L(4))?.promotedPosts.nodes).toHaveLength(3);
    for (const item of items) {
      for (const post of item.promotedPosts.nodes) {
        expect(post.lineItemId).toBe(item.rawId);
        expect(post.lineItem.rawId).toBe(item.rawId);
        // spec §2.1: post ids are long integers, kept as digits end to end.
        expect(post.postId).toMatch(/^\d{19}$/);
      }
      if (item.productType !== "PROMOTED_ACCOUNT") expect(item.promotedAccounts.nodes).toEqual([]);
    }
    // One request per attachment list for all the line items; promoted accounts asked only for
    // the one line item that can hold them; the line items' own line item from the list.
    expect(byEndpoint).toEqual({
      "accounts.get": 1,
      "line_items.list": 1,
      "promoted_posts.list": 1,
      "promoted_accounts.list": 1,
      "media_creatives.list": 1,
      "tracking_tags.list": 1,
    });
  });

  it("asks nothing for promoted accounts of line items that cannot hold them", async () => {
    const { lineItem, byEndpoint } = await lineItemNode(
      3,
      "productType promotedAccounts { nodes { rawId } }",
    );
    expect(lineItem).toEqual({ productType: "MEDIA", promotedAccounts: { nodes: [] } });
    expect(byEndpoint["promoted_accounts.list"]).toBeUndefined();
  });

  it("creates, updates and deletes a tracking tag; edges and node see the change", async () => {
    const created = await mutate(`mutation { createTrackingTag(input: {
      accountId: "${GA}", lineItemId: "${GL(2)}", trackingTagType: IMPRESSION_TAG, trackingTagUrl: "https://track.example.com/i"
    }) { __typename ... on CreateTrackingTagPayload { trackingTag { id rawId trackingTagType trackingTagUrl deleted
      lineItem { rawId trackingTags { nodes { rawId } } } } } ${ERROR_FIELDS} } }`);
    const tag = created.result.trackingTag as {
      id: string;
      rawId: string;
      lineItem: { rawId: string; trackingTags: { nodes: { rawId: string }[] } };
    };
    expect(created.result).toMatchObject({
      __typename: "CreateTrackingTagPayload",
      trackingTag: { trackingTagType: "IMPRESSION_TAG", deleted: false },
    });
    expect(tag.lineItem.trackingTags.nodes.map((t) => t.rawId)).toContain(tag.rawId);
    // The create's snapshot is written before the update comes (one batch keeps only its last).
    await stack.facade.services.snapshots.writer.flush();

    const node = await run(
      `query ($id: ID!) { node(id: $id) { ... on TrackingTag { rawId lineItemId } } }`,
      {
        id: tag.id,
      },
    );
    expect(node.body.data).toEqual({ node: { rawId: tag.rawId, lineItemId: L(2) } });

    const updated = await mutate(
      `mutation ($id: ID!) { updateTrackingTag(input: { id: $id, trackingTagUrl: "https://track.example.com/v2" }) {
      __typename ... on UpdateTrackingTagPayload { trackingTag { trackingTagUrl } } ${ERROR_FIELDS} } }`,
      { id: tag.id },
    );
    expect(updated.result).toEqual({
      __typename: "UpdateTrackingTagPayload",
      trackingTag: { trackingTagUrl: "https://track.example.com/v2" },
    });
    // Snapshots keep every version the facade saw (create, update), as for the other entities.
    await stack.facade.services.snapshots.writer.flush();
    const history = await run(
      `query ($id: ID!) { node(id: $id) { ... on TrackingTag { history(first: 5) { edges { node { version changedFields } } } } } }`,
      { id: tag.id },
    );
    expect(history.body.data).toMatchObject({
      node: {
        history: {
          edges: [
            {
              node: {
                version: 2,
                changedFields: expect.arrayContaining(["tracking_tag_url"]) as unknown,
              },
            },
            { node: { version: 1 } },
          ],
        },
      },
    });
    const badUrl = await mutate(
      `mutation ($id: ID!) { updateTrackingTag(input: { id: $id, trackingTagUrl: "javascript:alert(1)" }) { __typename ${ERROR_FIELDS} } }`,
      { id: tag.id },
    );
    expect(badUrl.result).toMatchObject({
      __typename: "ValidationError",
      upstream: null,
      violations: [{ field: "trackingTagUrl", parameter: "tracking_tag_url" }],
    });
    expect(badUrl.served).toBe(0);

    const deleteQuery = `mutation ($id: ID!) { deleteTrackingTag(input: { id: $id }) { __typename
      ... on DeleteTrackingTagPayload { trackingTag { deleted lineItem { trackingTags { nodes { rawId } } } } } ${ERROR_FIELDS} } }`;
    const deleted = await mutate(deleteQuery, { id: tag.id });
    expect(deleted.result).toMatchObject({
      __typename: "DeleteTrackingTagPayload",
      trackingTag: { deleted: true },
    });
    const after = (
      deleted.result.trackingTag as { lineItem: { trackingTags: { nodes: { rawId: string }[] } } }
    ).lineItem.trackingTags.nodes;
    expect(after.map((t) => t.rawId)).not.toContain(tag.rawId);
    expect((await mutate(deleteQuery, { id: tag.id })).result).toMatchObject({
      __typename: "NotFoundError",
      upstream: { status: 404 },
    });
    const withDeleted = await lineItemNode(
      2,
      "trackingTags(withDeleted: true) { nodes { rawId deleted } }",
    );
    expect(withDeleted.lineItem.trackingTags).toEqual({
      nodes: expect.arrayContaining([{ rawId: tag.rawId, deleted: true }]) as unknown,
    });
  });

  it("refuses a tracking tag of an unknown type before sending, and on a missing line item upstream", async () => {
    const { body, served } = await run(`mutation { createTrackingTag(input: {
      accountId: "${GA}", lineItemId: "${GL(2)}", trackingTagType: PIXEL, trackingTagUrl: "https://x.example.com"
    }) { __typename } }`);
    expect(body.errors?.[0]?.message).toContain("PIXEL");
    expect(served).toBe(0);
    const missing = await mutate(`mutation { createTrackingTag(input: {
      accountId: "${GA}", lineItemId: "${globalId("LineItem", "nosuchli", A)}", trackingTagType: CLICK_TRACKER, trackingTagUrl: "https://x.example.com"
    }) { __typename ${ERROR_FIELDS} } }`);
    expect(missing.result).toMatchObject({
      __typename: "ValidationError",
      upstream: { status: 400 },
      violations: [{ field: "lineItemId", parameter: "line_item_id" }],
    });
  });

  it("promotes a user on a PROMOTED_ACCOUNT line item; other line items are IncompatibleLineItemError", async () => {
    const created = await mutate(`mutation { createPromotedAccount(input: {
      accountId: "${GA}", lineItemId: "${GL(2)}", userId: "${USER}"
    }) { __typename ... on CreatePromotedAccountPayload { promotedAccount { id rawId userId lineItemId
      lineItem { promotedAccounts { nodes { userId } } } } } ${INCOMPATIBLE_FIELDS} } }`);
    expect(created.result).toMatchObject({
      __typename: "CreatePromotedAccountPayload",
      promotedAccount: {
        userId: DEMO.user.id,
        lineItemId: L(2),
        lineItem: { promotedAccounts: { nodes: [{ userId: DEMO.user.id }] } },
      },
    });
    const first = created.result.promotedAccount as { id: string; rawId: string };
    // spec §4.6: an already promoted user is ignored (the existing record answers).
    const again = await mutate(`mutation { createPromotedAccount(input: {
      accountId: "${GA}", lineItemId: "${GL(2)}", userId: "${USER}"
    }) { ... on CreatePromotedAccountPayload { promotedAccount { rawId } } } }`);
    expect(again.result).toEqual({ promotedAccount: { rawId: first.rawId } });

    const incompatible = await mutate(`mutation { createPromotedAccount(input: {
      accountId: "${GA}", lineItemId: "${GL(1)}", userId: "${USER}"
    }) { __typename ${INCOMPATIBLE_FIELDS} } }`);
    expect(incompatible.result).toMatchObject({
      __typename: "IncompatibleLineItemError",
      code: "BAD_USER_INPUT",
      field: "lineItemId",
      upstream: { status: 400, codes: ["INCOMPATIBLE_LINE_ITEM"] },
    });

    const ineligible = await mutate(`mutation { createPromotedAccount(input: {
      accountId: "${GA}", lineItemId: "${GL(2)}", userId: "${globalId("User", "1999999999999999999")}"
    }) { __typename ${INCOMPATIBLE_FIELDS} } }`);
    expect(ineligible.result).toMatchObject({
      __typename: "ValidationError",
      upstream: { status: 400 },
      violations: [{ field: "userId", parameter: "user_id" }],
    });
    const notDigits = await mutate(`mutation { createPromotedAccount(input: {
      accountId: "${GA}", lineItemId: "${GL(2)}", userId: "${globalId("User", "12ab")}"
    }) { __typename ${INCOMPATIBLE_FIELDS} } }`);
    expect(notDigits.result).toMatchObject({
      __typename: "ValidationError",
      upstream: null,
      violations: [{ field: "userId" }],
    });
    expect(notDigits.served).toBe(0);

    const deleted = await mutate(
      `mutation ($id: ID!) { deletePromotedAccount(input: { id: $id }) { __typename ... on DeletePromotedAccountPayload { promotedAccount { deleted lineItem { promotedAccounts { nodes { rawId } } } } } ${ERROR_FIELDS} } }`,
      { id: first.id },
    );
    expect(deleted.result).toEqual({
      __typename: "DeletePromotedAccountPayload",
      promotedAccount: { deleted: true, lineItem: { promotedAccounts: { nodes: [] } } },
    });
  });

  it("places account media on a line item; WEBSITE_CLICKS needs a landing URL", async () => {
    const media = await run(
      `{ account(rawId: "${A}") { media(first: 50) { edges { node { rawId creativeType } } } } }`,
    );
    const image = present(
      (
        media.body.data as {
          account: { media: { edges: { node: { rawId: string; creativeType: string } }[] } };
        }
      ).account.media.edges
        .map((e) => e.node)
        .find((m) => m.creativeType !== "PREROLL"),
      "non-preroll account media",
    );
    const withoutUrl = await mutate(`mutation { createMediaCreative(input: {
      accountId: "${GA}", lineItemId: "${GL(1)}", accountMediaId: "${globalId("AccountMedia", image.rawId, A)}"
    }) { __typename ${INCOMPATIBLE_FIELDS} } }`);
    expect(withoutUrl.result).toMatchObject({
      __typename: "ValidationError",
      upstream: { status: 400, codes: ["MISSING_PARAMETER"] },
      violations: [{ field: "landingUrl", parameter: "landing_url" }],
    });
    const created = await mutate(`mutation { createMediaCreative(input: {
      accountId: "${GA}", lineItemId: "${GL(1)}", accountMediaId: "${globalId("AccountMedia", image.rawId, A)}", landingUrl: "https://example.com/shop"
    }) { __typename ... on CreateMediaCreativePayload { mediaCreative { id rawId landingUrl accountMedia { rawId }
      lineItem { mediaCreatives { nodes { rawId } } } } } ${INCOMPATIBLE_FIELDS} } }`);
    const creative = created.result.mediaCreative as { id: string; rawId: string };
    expect(created.result).toMatchObject({
      __typename: "CreateMediaCreativePayload",
      mediaCreative: {
        landingUrl: "https://example.com/shop",
        accountMedia: { rawId: image.rawId },
        lineItem: { mediaCreatives: { nodes: [{ rawId: creative.rawId }] } },
      },
    });
    const deleted = await mutate(
      `mutation ($id: ID!) { deleteMediaCreative(input: { id: $id }) { __typename ... on DeleteMediaCreativePayload { mediaCreative { deleted } } ${ERROR_FIELDS} } }`,
      { id: creative.id },
    );
    expect(deleted.result).toEqual({
      __typename: "DeleteMediaCreativePayload",
      mediaCreative: { deleted: true },
    });
  });

  it("links, moves and unlinks a curated category", async () => {
    const created = await mutate(`mutation { createLineItemCuratedCategory(input: {
      accountId: "${GA}", lineItemId: "${GL(3)}", curatedCategoryId: "${CATEGORY("aa")}"
    }) { __typename ... on CreateLineItemCuratedCategoryPayload { lineItemCuratedCategory { id curatedCategoryId lineItem { rawId } } } ${ERROR_FIELDS} } }`);
    expect(created.result).toMatchObject({
      lineItemCuratedCategory: { curatedCategoryId: "aa", lineItem: { rawId: L(3) } },
    });
    const id = (created.result.lineItemCuratedCategory as { id: string }).id;
    // The edge reads the links of every line item of the response in one request.
    const { body, byEndpoint } = await run(`{ account(rawId: "${A}") { lineItems(first: 50) {
      edges { node { rawId curatedCategories { nodes { id curatedCategoryId lineItem { rawId } } } } } } } }`);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const links = new Map(
      (
        body.data as {
          account: {
            lineItems: {
              edges: { node: { rawId: string; curatedCategories: { nodes: Result[] } } }[];
            };
          };
        }
      ).account.lineItems.edges.map((e) => [e.node.rawId, e.node.curatedCategories.nodes]),
    );
    expect(links.get(L(3))).toEqual([{ id, curatedCategoryId: "aa", lineItem: { rawId: L(3) } }]);
    expect(links.get(L(1))).toEqual([]);
    expect(byEndpoint["line_item_curated_categories.list"]).toBe(1);
    const moved = await mutate(
      `mutation ($id: ID!) { updateLineItemCuratedCategory(input: { id: $id, curatedCategoryId: "${CATEGORY("ab")}" }) {
      __typename ... on UpdateLineItemCuratedCategoryPayload { lineItemCuratedCategory { id curatedCategoryId } } ${ERROR_FIELDS} } }`,
      { id },
    );
    expect(moved.result).toEqual({
      __typename: "UpdateLineItemCuratedCategoryPayload",
      lineItemCuratedCategory: { id, curatedCategoryId: "ab" },
    });
    const unknown = await mutate(
      `mutation ($id: ID!) { updateLineItemCuratedCategory(input: { id: $id, curatedCategoryId: "${CATEGORY("zz")}" }) { __typename ${ERROR_FIELDS} } }`,
      { id },
    );
    expect(unknown.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ field: "curatedCategoryId", parameter: "curated_category_id" }],
    });
    const deleted = await mutate(
      `mutation ($id: ID!) { deleteLineItemCuratedCategory(input: { id: $id }) { __typename ... on DeleteLineItemCuratedCategoryPayload { lineItemCuratedCategory { deleted } } ${ERROR_FIELDS} } }`,
      { id },
    );
    expect(deleted.result).toEqual({
      __typename: "DeleteLineItemCuratedCategoryPayload",
      lineItemCuratedCategory: { deleted: true },
    });
    const after = await lineItemNode(
      3,
      "curatedCategories { nodes { id } } all: curatedCategories(withDeleted: true) { nodes { id deleted } }",
    );
    expect(after.lineItem).toEqual({
      curatedCategories: { nodes: [] },
      all: { nodes: [{ id, deleted: true }] },
    });
    const notALink = await mutate(
      `mutation ($id: ID!) { deleteLineItemCuratedCategory(input: { id: $id }) { __typename ${ERROR_FIELDS} } }`,
      { id: Buffer.from(`TrackingTag:${A}/x1`).toString("base64") },
    );
    expect(notALink.result).toMatchObject({ __typename: "ValidationError" });
    expect(notALink.served).toBe(0);
  });

  it("creates, updates and deletes a line item; refuses broken input before sending", async () => {
    const created = await mutate(`mutation { createLineItem(input: {
      accountId: "${GA}", campaignId: "${globalId("Campaign", `${A}c1`, A)}", name: "Graph line item", objective: ENGAGEMENTS,
      productType: PROMOTED_POSTS, placements: [ALL_ON_TWITTER], bidStrategy: MAX, bidAmount: "2500000", entityStatus: PAUSED
    }) { __typename ... on CreateLineItemPayload { lineItem { id name entityStatus bid { micros currency } campaign { rawId } } } ${ERROR_FIELDS} } }`);
    expect(created.result).toMatchObject({
      __typename: "CreateLineItemPayload",
      lineItem: {
        name: "Graph line item",
        entityStatus: "PAUSED",
        bid: { micros: "2500000" },
        campaign: { rawId: `${A}c1` },
      },
    });
    const id = (created.result.lineItem as { id: string }).id;
    const updated = await mutate(
      `mutation ($id: ID!) { updateLineItem(input: { id: $id, name: "Renamed", entityStatus: ACTIVE }) {
      __typename ... on UpdateLineItemPayload { lineItem { id name entityStatus } } ${ERROR_FIELDS} } }`,
      { id },
    );
    expect(updated.result).toEqual({
      __typename: "UpdateLineItemPayload",
      lineItem: { id, name: "Renamed", entityStatus: "ACTIVE" },
    });
    const broken = await mutate(`mutation { createLineItem(input: {
      accountId: "${GA}", campaignId: "${globalId("Campaign", `${A}c1`, A)}", name: "${"n".repeat(300)}", objective: ENGAGEMENTS,
      productType: PROMOTED_POSTS, placements: [ALL_ON_TWITTER], businessCategoryIds: ["${globalId("BusinessCategory", "1")}"]
    }) { __typename ${ERROR_FIELDS} } }`);
    expect(broken.result).toMatchObject({ __typename: "ValidationError", upstream: null });
    expect((broken.result.violations as { field: string }[]).map((v) => v.field).sort()).toEqual([
      "businessCategoryIds",
      "name",
    ]);
    expect(broken.served).toBe(0);

    const deleteQuery = `mutation ($id: ID!) { deleteLineItem(input: { id: $id }) { __typename ... on DeleteLineItemPayload { lineItem { deleted } } ${ERROR_FIELDS} } }`;
    expect((await mutate(deleteQuery, { id })).result).toEqual({
      __typename: "DeleteLineItemPayload",
      lineItem: { deleted: true },
    });
    expect((await mutate(deleteQuery, { id })).result).toMatchObject({
      __typename: "NotFoundError",
      upstream: { status: 404 },
    });
  });

  it("estimates an audience; without a primary criterion it is BAD_USER_INPUT, nothing sent", async () => {
    const targeting = {
      criteria: [
        { targetingType: "LOCATION", targetingValue: "US" },
        { targetingType: "AGE", targetingValue: "AGE_25_TO_34" },
      ],
    };
    const query = `query ($t: AudienceTargetingInput!) { account(rawId: "${A}") { audienceEstimate(targeting: $t) { min max } } }`;
    const first = await run(query, { t: targeting });
    expect(first.body.errors).toBeUndefined();
    const estimate = (
      first.body.data as { account: { audienceEstimate: { min: number; max: number } } }
    ).account.audienceEstimate;
    expect(estimate.min).toBeGreaterThan(0);
    expect(estimate.max).toBeGreaterThan(estimate.min);
    expect(first.byEndpoint["audience_estimate.estimate"]).toBe(1);
    // Deterministic: the same criteria in another order give the same range.
    const again = await run(query, { t: { criteria: [...targeting.criteria].reverse() } });
    expect(again.body.data).toEqual(first.body.data);

    const secondaryOnly = await run(query, {
      t: { criteria: [{ targetingType: "AGE", targetingValue: "AGE_25_TO_34" }] },
    });
    expect(secondaryOnly.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      violations: [{ field: "targeting.criteria", parameter: "targeting_criteria" }],
    });
    expect(secondaryOnly.body.errors?.[0]?.path).toEqual(["account", "audienceEstimate"]);
    expect(secondaryOnly.byEndpoint["audience_estimate.estimate"]).toBeUndefined();
    expect(secondaryOnly.served).toBe(1); // the account alone
  });
});
