import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// Issue 32 build point 7: the rest of the service in the graph, against the real ads-api and
// its demo data: account apps, change history, user and tax settings, targeting criteria and
// the version 5 tailored-audience grants; each read, a write each, and a bad input refused
// naming the GraphQL input field, before any request upstream.

const A = DEMO.accounts[0].id; // owns the CRM audience shared with B
const B = DEMO.accounts[1].id;
const A_CRM = `${A}ca1`;
const LINE_ITEM = `${A}l1`;
const ACCOUNT_A = globalId("Account", A);
const LINE_ITEM_ID = globalId("LineItem", LINE_ITEM, A);

const gid = (type: string, key: string) => Buffer.from(`${type}:${key}`).toString("base64");
const VIOLATIONS = `__typename ... on Error { code message }
  ... on ValidationError { violations { field code } }`;

interface Violated {
  __typename: string;
  violations?: { field: string; code: string }[];
}

describe("the rest of the service in the graph", () => {
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

  /** A mutation's result, and how many requests ads-api served for it. */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the result's shape
  const mutate = async <T>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ result: T; served: number }> => {
    await stack.adsApi.requests.reset();
    const data = await ok<Record<string, T>>(query, variables);
    const [result] = Object.values(data);
    return {
      result: present(result, "mutation result"),
      served: (await stack.adsApi.requests.counts()).total,
    };
  };

  /** A refused input: a ValidationError naming `field`, and nothing asked upstream. */
  const expectRefused = (outcome: { result: Violated; served: number }, field: RegExp) => {
    expect(outcome.result.__typename).toBe("ValidationError");
    expect(outcome.result.violations?.map((v) => v.field)).toEqual([expect.stringMatching(field)]);
    expect(outcome.served).toBe(0);
  };

  it("targets a line item: its criteria, one added, one removed, a bad value refused", async () => {
    const created = await mutate<{
      __typename: string;
      targetingCriterion: {
        id: string;
        rawId: string;
        targetingType: string;
        targetingTypeRaw: string;
      };
      lineItem: { rawId: string };
    }>(
      `mutation ($input: CreateTargetingCriterionInput!) { createTargetingCriterion(input: $input) {
        ${VIOLATIONS} ... on CreateTargetingCriterionPayload {
          targetingCriterion { id rawId targetingType targetingTypeRaw targetingValue operatorType }
          lineItem { rawId } } } }`,
      {
        input: {
          accountId: ACCOUNT_A,
          lineItemId: LINE_ITEM_ID,
          targetingType: "BROAD_KEYWORD",
          targetingValue: "espresso",
        },
      },
    );
    expect(created.result).toMatchObject({
      __typename: "CreateTargetingCriterionPayload",
      targetingCriterion: { targetingType: "BROAD_KEYWORD", targetingTypeRaw: "BROAD_KEYWORD" },
      lineItem: { rawId: LINE_ITEM },
    });
    const criterion = created.result.targetingCriterion;

    const read = await ok<{
      node: {
        targetingCriteria: {
          totalCount: number;
          nodes?: unknown;
          edges: { node: { id: string; targetingValue: string } }[];
        };
      };
    }>(
      `query ($id: ID!) { node(id: $id) { ... on LineItem { targetingCriteria(first: 100) {
        totalCount edges { node { id targetingValue lineItem { rawId } } } } } } }`,
      { id: gid("LineItem", `${A}/${LINE_ITEM}`) },
    );
    const criteria = read.node.targetingCriteria.edges.map((edge) => edge.node);
    expect(criteria).toContainEqual(
      expect.objectContaining({ id: criterion.id, targetingValue: "espresso" }),
    );
    expect(read.node.targetingCriteria.totalCount).toBe(criteria.length);

    const byId = await ok<{ node: { rawId: string } }>(
      `query ($id: ID!) { node(id: $id) { ... on TargetingCriterion { rawId } } }`,
      { id: criterion.id },
    );
    expect(byId.node.rawId).toBe(criterion.rawId);

    const deleted = await mutate<{
      __typename: string;
      targetingCriterion: { deleted: boolean };
      deletedId: string;
    }>(
      `mutation ($id: ID!) { deleteTargetingCriterion(input: { id: $id }) { ${VIOLATIONS}
        ... on DeleteTargetingCriterionPayload { deletedId targetingCriterion { deleted } } } }`,
      { id: criterion.id },
    );
    expect(deleted.result).toMatchObject({
      deletedId: criterion.id,
      targetingCriterion: { deleted: true },
    });

    expectRefused(
      await mutate<Violated>(
        `mutation { createTargetingCriterion(input: { accountId: "${ACCOUNT_A}", lineItemId: "${LINE_ITEM_ID}",
          targetingType: BROAD_KEYWORD, targetingValue: "" }) { ${VIOLATIONS} } }`,
      ),
      /targetingValue$/,
    );
  });

  it("reads an account's apps and the signed-in user's settings, and changes them", async () => {
    const data = await ok<{
      account: {
        apps: { totalCount: number; edges: { node: { appStoreIdentifier: string | null } }[] };
        userSettings: { userId: string };
      };
    }>(`{ account(rawId: "${A}") { apps(first: 10) { totalCount edges { node { rawId appStoreIdentifier osType } } }
      userSettings { userId notificationEmail subscribeEmailTypes } } }`);
    expect(data.account.apps.totalCount).toBe(data.account.apps.edges.length);
    expect(data.account.userSettings.userId).toBe(DEMO.user.id);

    const updated = await mutate<{ __typename: string; userSettings: Record<string, unknown> }>(
      `mutation { updateUserSettings(input: { accountId: "${ACCOUNT_A}", notificationEmail: "ads@example.com",
        subscribeEmailTypes: ["ACCOUNT_PERFORMANCE"] }) { ${VIOLATIONS}
        ... on UpdateUserSettingsPayload { userSettings { userId notificationEmail subscribeEmailTypes } } } }`,
    );
    expect(updated.result).toMatchObject({
      __typename: "UpdateUserSettingsPayload",
      userSettings: {
        userId: DEMO.user.id,
        notificationEmail: "ads@example.com",
        subscribeEmailTypes: ["ACCOUNT_PERFORMANCE"],
      },
    });
    expectRefused(
      await mutate<Violated>(
        `mutation { updateUserSettings(input: { accountId: "${ACCOUNT_A}", subscribeEmailTypes: ["A,B"] }) { ${VIOLATIONS} } }`,
      ),
      /subscribeEmailTypes/,
    );
  });

  it("changes an account's tax settings, and refuses a tax id with control characters", async () => {
    const updated = await mutate<{ __typename: string }>(
      `mutation { updateTaxSettings(input: { accountId: "${ACCOUNT_A}", taxCategory: BUSINESS_WITH_VAT,
        invoiceJurisdiction: NONE, addressName: "Demo Coffee" }) { ${VIOLATIONS}
        ... on UpdateTaxSettingsPayload { taxSettings { addressName taxCategory taxCategoryRaw invoiceJurisdiction }
          account { rawId } } } }`,
    );
    expect(updated.result).toMatchObject({
      __typename: "UpdateTaxSettingsPayload",
      taxSettings: {
        addressName: "Demo Coffee",
        taxCategory: "BUSINESS_WITH_VAT",
        taxCategoryRaw: "BUSINESS_WITH_VAT",
      },
      account: { rawId: A },
    });
    expectRefused(
      await mutate<Violated>(
        `mutation ($taxId: String) { updateTaxSettings(input: { accountId: "${ACCOUNT_A}", taxId: $taxId }) {
          ${VIOLATIONS} } }`,
        { taxId: "DE\u0007123" },
      ),
      /taxId$/,
    );
  });

  // Issue 33 (beyond the spec, the vendor's v12 reference): promotable users and the tax read.
  it("reads an account's promotable users (its own FULL user first) and its tax settings", async () => {
    await mutate(
      `mutation { updateTaxSettings(input: { accountId: "${ACCOUNT_A}", addressName: "Read back" }) {
        __typename } }`,
    );
    await stack.adsApi.requests.reset();
    const data = await ok<{
      account: {
        promotableUsers: {
          totalCount: number;
          nodes: {
            id: string;
            rawId: string;
            userId: string;
            type: string;
            user: { rawId: string };
          }[];
        };
        taxSettings: { addressName: string | null };
      };
    }>(`{ account(rawId: "${A}") {
      promotableUsers(first: 10) { totalCount nodes { id rawId userId type typeRaw user { rawId } createdAt } }
      taxSettings { addressName } } }`);
    // One read each: the list and the settings (besides the account's own).
    const { byEndpoint } = await stack.adsApi.requests.counts();
    expect(byEndpoint["promotable_users.list"]).toBe(1);
    expect(byEndpoint["tax_settings.get"]).toBe(1);
    const [own] = data.account.promotableUsers.nodes;
    expect(own).toMatchObject({
      userId: DEMO.user.id,
      type: "FULL",
      user: { rawId: DEMO.user.id },
    });
    expect(data.account.promotableUsers.totalCount).toBe(data.account.promotableUsers.nodes.length);
    expect(data.account.taxSettings.addressName).toBe("Read back");

    const one = await ok<{ account: { promotableUser: { rawId: string } }; node: { id: string } }>(
      `query ($id: ID!) { account(rawId: "${A}") { promotableUser(id: $id) { rawId } }
        node(id: $id) { id } }`,
      { id: own?.id },
    );
    expect(one).toEqual({
      account: { promotableUser: { rawId: own?.rawId } },
      node: { id: own?.id },
    });
    const elsewhere = await stack.query(
      `query ($id: ID!) { account(rawId: "${B}") { promotableUser(id: $id) { rawId } } }`,
      { id: own?.id },
    );
    expect(elsewhere.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("shows who changed a campaign within whole hours, and refuses a window off the hour", async () => {
    const campaigns = await ok<{ account: { campaigns: { edges: { node: { id: string } }[] } } }>(
      `{ account(rawId: "${A}") { campaigns(first: 1) { edges { node { id } } } } }`,
    );
    const campaignId = present(campaigns.account.campaigns.edges[0]).node.id;
    await ok(
      `mutation ($id: ID!) { updateCampaign(input: { id: $id, name: "History check" }) { __typename } }`,
      { id: campaignId },
    );
    const hour = 3_600_000;
    const now = Math.floor(Date.now() / hour) * hour;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    const history = `query ($id: ID!, $start: DateTime!, $end: DateTime!) { account(rawId: "${A}") {
      changeHistory(entityId: $id, startTime: $start, endTime: $end) {
        edges { node { entityType entityTypeRaw entityRawId userId changedAt } } } } }`;
    const data = await ok<{
      account: { changeHistory: { edges: { node: { entityType: string; userId: string } }[] } };
    }>(history, { id: campaignId, start: iso(now - hour), end: iso(now + 2 * hour) });
    expect(data.account.changeHistory.edges.map((edge) => edge.node)).toContainEqual(
      expect.objectContaining({ entityType: "CAMPAIGN", userId: DEMO.user.id }),
    );

    const body = await stack.query(history, {
      id: campaignId,
      start: iso(now + 60_000),
      end: iso(now + hour),
    });
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(body.errors?.[0]?.extensions)).toContain("startTime");
    const wrongType = await stack.query(history, {
      id: gid("Account", A),
      start: iso(now),
      end: iso(now + hour),
    });
    expect(JSON.stringify(wrongType.errors?.[0]?.extensions)).toContain("entityId");
  });

  it("shares an audience through the tailored-audience API, reads the grants, and revokes", async () => {
    const audience = gid("CustomAudience", `${A}/${A_CRM}`);
    const before = await ok<{
      node: {
        tailoredPermissions: {
          totalCount: number;
          edges: { node: { rawId: string; grantedAccountId: string } }[];
        };
      };
    }>(
      `query ($id: ID!) { node(id: $id) { ... on CustomAudience { tailoredPermissions {
        totalCount edges { node { rawId grantedAccountId permissionLevel } } } } } }`,
      { id: audience },
    );
    const grants = before.node.tailoredPermissions.edges.map((edge) => edge.node);
    expect(grants.map((grant) => grant.grantedAccountId)).toContain(B);
    const grantToB = present(grants.find((grant) => grant.grantedAccountId === B));

    const one = await ok<{ node: { permission: { grantedAccountId: string } } }>(
      `query ($id: ID!, $raw: String!) { node(id: $id) { ... on CustomAudience {
        permission(rawId: $raw) { grantedAccountId } } } }`,
      { id: audience, raw: grantToB.rawId },
    );
    expect(one.node.permission.grantedAccountId).toBe(B);

    const revoked = await mutate<{ __typename: string; permission: { deleted: boolean } }>(
      `mutation ($id: ID!, $p: String!) { revokeTailoredAudiencePermission(input: { tailoredAudienceId: $id,
        permissionRawId: $p }) { ${VIOLATIONS} ... on RevokeTailoredAudiencePermissionPayload { permission { deleted } } } }`,
      { id: audience, p: grantToB.rawId },
    );
    expect(revoked.result).toMatchObject({ permission: { deleted: true } });
    const granted = await mutate<{ __typename: string; permission: { grantedAccountId: string } }>(
      `mutation ($id: ID!) { grantTailoredAudiencePermission(input: { tailoredAudienceId: $id,
        grantedAccountId: "${globalId("Account", B)}", permissionLevel: READ_ONLY }) { ${VIOLATIONS}
        ... on GrantTailoredAudiencePermissionPayload { permission { grantedAccountId permissionLevel } } } }`,
      { id: audience },
    );
    expect(granted.result).toMatchObject({ permission: { grantedAccountId: B } });
    expectRefused(
      await mutate<Violated>(
        `mutation ($id: ID!) { grantTailoredAudiencePermission(input: { tailoredAudienceId: $id,
          grantedAccountId: "${"x".repeat(65)}", permissionLevel: READ_ONLY }) { ${VIOLATIONS} } }`,
        { id: audience },
      ),
      /grantedAccountId$/,
    );
  });
});
