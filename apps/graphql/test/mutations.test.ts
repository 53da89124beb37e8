import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// Every write of issue 7's endpoints, through the facade to the real ads-api, with the typed
// failures of their result unions.

const A = DEMO.accounts[0].id;
const GA = globalId("Account", A);
const fi = (n: string) => globalId("FundingInstrument", `${A}${n}`, A);
const ERROR_FIELDS = `... on Error { __typename code message upstream { status codes } }
  ... on ValidationError { violations { code field parameter message } }`;

describe("mutations over the running servers", () => {
  let stack: Stack;
  let videoKey: string;
  let imageKeys: string[];

  beforeAll(async () => {
    stack = await startStack({ measureUpstream: true });
    const body = await stack.query(
      `{ account(rawId: "${A}") { cards(sort: { field: ID }) { edges { node { media { mediaKey mediaType } } } } } }`,
    );
    const media = (
      body.data as {
        account: {
          cards: { edges: { node: { media: { mediaKey: string; mediaType: string }[] } }[] };
        };
      }
    ).account.cards.edges.flatMap((e) => e.node.media);
    videoKey = present(media.find((m) => m.mediaType === "VIDEO")).mediaKey;
    imageKeys = [...new Set(media.filter((m) => m.mediaType === "IMAGE").map((m) => m.mediaKey))];
  });
  afterAll(() => stack.close());

  async function mutate(query: string, variables?: Record<string, unknown>) {
    await stack.adsApi.requests.reset();
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const result = present(Object.values(body.data as Record<string, Record<string, unknown>>)[0]);
    return {
      result,
      requests: body.extensions?.upstream?.requests,
      served: (await stack.adsApi.requests.counts()).total,
    };
  }

  it("creates, updates, pauses and deletes a campaign; a second delete is NotFoundError", async () => {
    // The payload offers the account too: its list, re-selected here, holds the new campaign.
    const created = await mutate(`mutation { createCampaign(input: {
      accountId: "${GA}", name: "Autumn launch", fundingInstrumentId: "${fi("f1")}",
      dailyBudget: "40000000", totalBudget: "4000000000", entityStatus: PAUSED
    }) { __typename ... on CreateCampaignPayload { campaign { id name entityStatus totalBudget { micros currency } fundingInstrument { rawId } }
      account { campaigns(q: "Autumn", withDraft: true) { totalCount nodes { name } } } } ${ERROR_FIELDS} } }`);
    expect(created.result).toMatchObject({
      __typename: "CreateCampaignPayload",
      account: { campaigns: { totalCount: 1, nodes: [{ name: "Autumn launch" }] } },
      campaign: {
        name: "Autumn launch",
        entityStatus: "PAUSED",
        totalBudget: { micros: "4000000000", currency: "USD" },
        fundingInstrument: { rawId: `${A}f1` },
      },
    });
    const id = (created.result.campaign as { id: string }).id;

    const updated = await mutate(
      `mutation ($id: ID!) { updateCampaign(input: { id: $id, name: "Autumn relaunch", entityStatus: ACTIVE, purchaseOrderNumber: "PO-7" }) {
      __typename ... on UpdateCampaignPayload { campaign { id name entityStatus purchaseOrderNumber } } ${ERROR_FIELDS} } }`,
      { id },
    );
    expect(updated.result).toEqual({
      __typename: "UpdateCampaignPayload",
      campaign: {
        id,
        name: "Autumn relaunch",
        entityStatus: "ACTIVE",
        purchaseOrderNumber: "PO-7",
      },
    });

    const deleteQuery = `mutation ($id: ID!) { deleteCampaign(input: { id: $id }) { __typename ... on DeleteCampaignPayload { deletedId campaign { id deleted } } ${ERROR_FIELDS} } }`;
    // deletedId is the id the campaign had: a client cache drops it without reading again.
    expect((await mutate(deleteQuery, { id })).result).toEqual({
      __typename: "DeleteCampaignPayload",
      deletedId: id,
      campaign: { id, deleted: true },
    });
    expect((await mutate(deleteQuery, { id })).result).toMatchObject({
      __typename: "NotFoundError",
      code: "NOT_FOUND",
      upstream: { status: 404, codes: ["NOT_FOUND"] },
    });

    const listed = await stack.query(
      `{ account(rawId: "${A}") { campaigns(withDeleted: true, q: "Autumn") { edges { node { name deleted } } } } }`,
    );
    expect(listed.data).toEqual({
      account: { campaigns: { edges: [{ node: { name: "Autumn relaunch", deleted: true } }] } },
    });
  });

  it("returns a 300-character name as a ValidationError on `name`, sending nothing upstream", async () => {
    const { result, requests, served } = await mutate(`mutation { createCampaign(input: {
      accountId: "${GA}", name: "${"x".repeat(300)}", fundingInstrumentId: "${fi("f1")}"
    }) { __typename ${ERROR_FIELDS} } }`);
    expect(result).toEqual({
      __typename: "ValidationError",
      code: "BAD_USER_INPUT",
      message: expect.stringContaining("name:") as unknown,
      upstream: null,
      violations: [
        {
          code: "TOO_LONG",
          field: "name",
          parameter: "name",
          message: expect.stringContaining("255") as unknown,
        },
      ],
    });
    expect(requests).toBe(0);
    expect(served).toBe(0);
  });

  it("checks cross-field rules before sending too (daily budget within the total)", async () => {
    const { result, served } = await mutate(`mutation { createCampaign(input: {
      accountId: "${GA}", name: "Too much", fundingInstrumentId: "${fi("f1")}", dailyBudget: "9000000", totalBudget: "1000000"
    }) { __typename ${ERROR_FIELDS} } }`);
    expect(result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ field: "dailyBudget", parameter: "daily_budget_amount_local_micro" }],
    });
    expect(served).toBe(0);
  });

  it("runs a campaign batch in order, and names a failing operation's field", async () => {
    const ok = await mutate(`mutation { batchCampaigns(input: { accountId: "${GA}", operations: [
      { type: CREATE, name: "Batch one", fundingInstrumentId: "${fi("f1")}", entityStatus: PAUSED },
      { type: UPDATE, campaignId: "${globalId("Campaign", `${A}c1`, A)}", name: "Spring launch (renamed)" },
      { type: CREATE, name: "Batch two", fundingInstrumentId: "${fi("f2")}", entityStatus: PAUSED }
    ] }) { __typename ... on BatchCampaignsPayload { campaigns { name } } ${ERROR_FIELDS} } }`);
    expect(ok.result).toEqual({
      __typename: "BatchCampaignsPayload",
      campaigns: [
        { name: "Batch one" },
        { name: "Spring launch (renamed)" },
        { name: "Batch two" },
      ],
    });
    expect(ok.served).toBe(1);

    const failed =
      await mutate(`mutation { batchCampaigns(input: { accountId: "${GA}", operations: [
      { type: CREATE, name: "Batch three", fundingInstrumentId: "${fi("f1")}", entityStatus: PAUSED },
      { type: CREATE, name: "Batch four", fundingInstrumentId: "${globalId("FundingInstrument", "nope", A)}", entityStatus: PAUSED }
    ] }) { __typename ${ERROR_FIELDS} } }`);
    expect(failed.result).toMatchObject({
      __typename: "ValidationError",
      upstream: { status: 400, codes: ["BATCH_FAILED"] },
      violations: [
        {
          field: "operations[1].fundingInstrumentId",
          parameter: "operations[1].funding_instrument_id",
        },
      ],
    });
    const before =
      await mutate(`mutation { batchCampaigns(input: { accountId: "${GA}", operations: [
      { type: UPDATE, name: "${"y".repeat(256)}" }
    ] }) { __typename ${ERROR_FIELDS} } }`);
    expect(before.result).toMatchObject({
      __typename: "ValidationError",
      violations: expect.arrayContaining([
        expect.objectContaining({ field: "operations[0].name", code: "TOO_LONG" }),
        expect.objectContaining({ field: "operations[0].campaignId", code: "MISSING_PARAMETER" }),
      ]) as unknown,
    });
    expect(before.served).toBe(0);
  });

  it("returns ForbiddenError for an account the caller cannot access", async () => {
    await stack.adsApi.seedBench({ accountId: "notmine2", grantUserIds: [] });
    const { result } = await mutate(
      `mutation { createCampaign(input: { accountId: "${globalId("Account", "notmine2")}", name: "x", fundingInstrumentId: "${globalId("FundingInstrument", "notmine2f0", "notmine2")}" }) { __typename ${ERROR_FIELDS} } }`,
    );
    expect(result).toMatchObject({
      __typename: "ForbiddenError",
      code: "FORBIDDEN",
      upstream: { status: 403, codes: ["UNAUTHORIZED_ACCESS"] },
    });
  });

  it("creates a sandbox account, updates it, funds it, and deletes both", async () => {
    const account = await mutate(
      `mutation { createSandboxAccount(input: {}) { __typename ... on CreateSandboxAccountPayload { account { rawId deleted } } ${ERROR_FIELDS} } }`,
    );
    const accountId = (account.result.account as { rawId: string }).rawId;
    expect(account.result).toMatchObject({
      __typename: "CreateSandboxAccountPayload",
      account: { deleted: false },
    });

    const updated =
      await mutate(`mutation { updateAccount(input: { accountId: "${globalId("Account", accountId)}", name: "Renamed sandbox", industryType: TRAVEL }) {
      __typename ... on UpdateAccountPayload { account { name industryType } } ${ERROR_FIELDS} } }`);
    expect(updated.result).toEqual({
      __typename: "UpdateAccountPayload",
      account: { name: "Renamed sandbox", industryType: "TRAVEL" },
    });
    const empty = await mutate(
      `mutation { updateAccount(input: { accountId: "${globalId("Account", accountId)}", name: "" }) { __typename ${ERROR_FIELDS} } }`,
    );
    expect(empty.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ field: "name" }],
    });
    expect(empty.served).toBe(0);

    const fi = await mutate(`mutation { createSandboxFundingInstrument(input: {
      accountId: "${globalId("Account", accountId)}", type: CREDIT_LINE, currency: "EUR", startTime: "2026-01-01T00:00:00Z", creditLimit: "30000000000"
    }) { __typename ... on CreateSandboxFundingInstrumentPayload { fundingInstrument { id type currency creditLimit { micros currency } ableToFund } } ${ERROR_FIELDS} } }`);
    expect(fi.result).toMatchObject({
      __typename: "CreateSandboxFundingInstrumentPayload",
      fundingInstrument: {
        type: "CREDIT_LINE",
        creditLimit: { micros: "30000000000", currency: "EUR" },
        ableToFund: true,
      },
    });
    const fiId = (fi.result.fundingInstrument as { id: string }).id;
    const deletedFi = await mutate(
      `mutation ($id: ID!) { deleteSandboxFundingInstrument(input: { id: $id }) {
      __typename ... on DeleteSandboxFundingInstrumentPayload { fundingInstrument { deleted ableToFund reasonsNotAbleToFund } } ${ERROR_FIELDS} } }`,
      { id: fiId },
    );
    expect(deletedFi.result).toMatchObject({
      fundingInstrument: { deleted: true, ableToFund: false, reasonsNotAbleToFund: ["DELETED"] },
    });

    const badTime = await mutate(`mutation { createSandboxFundingInstrument(input: {
      accountId: "${globalId("Account", accountId)}", type: CREDIT_CARD, currency: "usd", startTime: "2026-01-01T00:00:00Z"
    }) { __typename ${ERROR_FIELDS} } }`);
    expect(badTime.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ field: "currency" }],
    });

    const deleted =
      await mutate(`mutation { deleteSandboxAccount(input: { accountId: "${globalId("Account", accountId)}" }) {
      __typename ... on DeleteSandboxAccountPayload { account { deleted } } ${ERROR_FIELDS} } }`);
    expect(deleted.result).toEqual({
      __typename: "DeleteSandboxAccountPayload",
      account: { deleted: true },
    });
  });

  it("creates, updates and deletes a card; creates poll and video conversation cards", async () => {
    const created = await mutate(
      `mutation ($media: String!) { createCard(input: { accountId: "${GA}", name: "New card", components: [
      { type: MEDIA, mediaKey: $media },
      { type: DETAILS, title: "Read more", destination: { type: WEBSITE, url: "https://example.com/new" } }
    ] }) { __typename ... on CreateCardPayload { card { id name cardType media { mediaKey mediaType } components { __typename } } } ${ERROR_FIELDS} } }`,
      { media: imageKeys[0] },
    );
    expect(created.result).toMatchObject({
      __typename: "CreateCardPayload",
      card: {
        name: "New card",
        cardType: "IMAGE_WEBSITE",
        media: [{ mediaKey: imageKeys[0], mediaType: "IMAGE" }],
        components: [{ __typename: "MediaComponent" }, { __typename: "DetailsComponent" }],
      },
    });
    const id = (created.result.card as { id: string }).id;
    const updated = await mutate(
      `mutation ($id: ID!, $keys: [String!]!) { updateCard(input: { id: $id, name: "Carousel now", components: [
      { type: SWIPEABLE_MEDIA, mediaKeys: $keys },
      { type: DETAILS, title: "Shop", destination: { type: WEBSITE, url: "https://example.com/c" } }
    ] }) { __typename ... on UpdateCardPayload { card { name cardType media { mediaKey } } } ${ERROR_FIELDS} } }`,
      { id, keys: imageKeys.slice(0, 2) },
    );
    expect(updated.result).toMatchObject({
      card: {
        name: "Carousel now",
        cardType: "IMAGE_CAROUSEL_WEBSITE",
        media: imageKeys.slice(0, 2).map((mediaKey) => ({ mediaKey })),
      },
    });
    const invalid = await mutate(
      `mutation ($id: ID!) { updateCard(input: { id: $id, components: [{ type: BUTTON, label: SHOP, destination: { type: APP, countryCode: "usa" } }] }) { __typename ${ERROR_FIELDS} } }`,
      { id },
    );
    expect(invalid.result).toMatchObject({ __typename: "ValidationError" });
    expect((invalid.result.violations as { field: string }[]).map((v) => v.field)).toEqual(
      expect.arrayContaining(["components[0].destination.countryCode"]),
    );
    expect(invalid.served).toBe(0);
    const deleted = await mutate(
      `mutation ($id: ID!) { deleteCard(input: { id: $id }) { __typename ... on DeleteCardPayload { card { deleted } } } }`,
      { id },
    );
    expect(deleted.result).toEqual({ __typename: "DeleteCardPayload", card: { deleted: true } });

    const poll =
      await mutate(`mutation { createPollCard(input: { accountId: "${GA}", name: "Lunch?", durationInMinutes: 60, firstChoice: "Soup", secondChoice: "Salad" }) {
      __typename ... on CreatePollCardPayload { pollCard { id name firstChoice secondChoice durationInMinutes cardUri } } ${ERROR_FIELDS} } }`);
    expect(poll.result).toMatchObject({
      pollCard: { name: "Lunch?", firstChoice: "Soup", durationInMinutes: 60 },
    });
    const badPoll = await mutate(
      `mutation { createPollCard(input: { accountId: "${GA}", name: "Too short", durationInMinutes: 1, firstChoice: "a", secondChoice: "b", fourthChoice: "d" }) { __typename ${ERROR_FIELDS} } }`,
    );
    expect((badPoll.result.violations as { field: string }[]).map((v) => v.field).sort()).toEqual([
      "durationInMinutes",
      "fourthChoice",
    ]);
    expect(badPoll.served).toBe(0);

    const video = await mutate(
      `mutation ($media: String!) { createVideoConversationCard(input: {
      accountId: "${GA}", name: "Choose", mediaKey: $media, firstCta: "#One", firstCtaPost: "One!", title: "Pick", thankYouText: "Thanks"
    }) { __typename ... on CreateVideoConversationCardPayload { videoConversationCard { id name firstCta title media { mediaKey } } } ${ERROR_FIELDS} } }`,
      { media: videoKey },
    );
    expect(video.result).toMatchObject({
      videoConversationCard: {
        name: "Choose",
        firstCta: "#One",
        title: "Pick",
        media: [{ mediaKey: videoKey }],
      },
    });
    const nodes = await stack.query(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Card { name } } }`,
      {
        ids: [
          (poll.result.pollCard as { id: string }).id,
          (video.result.videoConversationCard as { id: string }).id,
        ],
      },
    );
    expect(nodes.data).toEqual({
      nodes: [
        { __typename: "PollCard", name: "Lunch?" },
        { __typename: "VideoConversationCard", name: "Choose" },
      ],
    });
  });

  it("deletes account media and media library objects", async () => {
    const media = await stack.query(
      `{ account(rawId: "${A}") { media(first: 1, sort: { field: ID }) { edges { node { id } } } } }`,
    );
    const id = (media.data as { account: { media: { edges: { node: { id: string } }[] } } }).account
      .media.edges[0]?.node.id;
    const deleted = await mutate(
      `mutation ($id: ID!) { deleteAccountMedia(input: { id: $id }) { __typename ... on DeleteAccountMediaPayload { accountMedia { deleted creativeType } } ${ERROR_FIELDS} } }`,
      { id },
    );
    expect(deleted.result).toEqual({
      __typename: "DeleteAccountMediaPayload",
      accountMedia: { deleted: true, creativeType: "PREROLL" },
    });
    const library = await mutate(
      `mutation ($key: String!) { deleteMediaLibraryObject(input: { accountId: "${GA}", mediaKey: $key }) {
      __typename ... on DeleteMediaLibraryObjectPayload { mediaLibraryObject { mediaKey mediaType deleted createdAt } } ${ERROR_FIELDS} } }`,
      { key: imageKeys[imageKeys.length - 1] },
    );
    expect(library.result).toMatchObject({
      mediaLibraryObject: {
        mediaKey: imageKeys[imageKeys.length - 1],
        mediaType: "IMAGE",
        deleted: true,
      },
    });
    const badKey = await mutate(
      `mutation { deleteMediaLibraryObject(input: { accountId: "${GA}", mediaKey: "not-a-key" }) { __typename ${ERROR_FIELDS} } }`,
    );
    expect(badKey.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ field: "mediaKey" }],
    });
    expect(badKey.served).toBe(0);
  });
});
