import { DEMO } from "@adsgraph/ads-api";
import { formatTimestamp } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// Issue 17's audiences in the graph, against the real ads-api and its demo audiences
// (apps/ads-api/src/seed/demo-audiences.ts), on both engines: reads with permissions and
// targetedBy in bounded upstream requests, every mutation's success and typed failure, keyword
// insights, and the users mutations' caps refused before any upstream request.

const A = DEMO.accounts[0].id; // dmo1ab: owns A_CRM (shared with B), in the batch beta
const B = DEMO.accounts[1].id; // dmo2cd: same business
const OTHER = DEMO.otherBusinessAccount.id; // dmo3ef: another business
const A_CRM = `${A}ca1`;
const A_MOBILE = `${A}ca2`;

const audienceId = (accountId: string, id: string) => globalId("CustomAudience", id, accountId);
const accountId = (id: string) => globalId("Account", id);

const ERROR = "__typename ... on Error { code message }";

interface AudienceNode {
  id: string;
  rawId: string;
  name: string;
  audienceType: string | null;
  targetable: boolean;
  reasonsNotTargetable: string[];
  processing: boolean;
  audienceSize: number | null;
  permissionLevel: string | null;
  isOwner: boolean | null;
  ownerAccountId: string | null;
  permissions: { totalCount: number; edges: { node: { grantedAccountId: string } }[] } | null;
  targetedBy: {
    edges: {
      node: {
        campaignId: string;
        campaign: { rawId: string } | null;
        lineItems: { lineItemId: string; lineItem: { rawId: string; campaignId: string } | null }[];
      };
    }[];
  } | null;
}

const AUDIENCE_FIELDS = `id rawId name audienceType targetable reasonsNotTargetable processing
  audienceSize permissionLevel isOwner ownerAccountId`;
const EDGES = `permissions(first: 10) { totalCount edges { node { grantedAccountId permissionLevel } } }
  targetedBy(withActive: false, first: 10) { edges { node { campaignId campaign { rawId }
    lineItems { lineItemId lineItem { rawId campaignId } } } } }`;

/** An answer's data in the query's shape, and its upstream requests by endpoint. */
interface Counted<T> {
  data: T;
  byEndpoint: Record<string, number>;
}

const nodes = <T>(connection: { edges: { node: T }[] }) => connection.edges.map((e) => e.node);

describe.each(HTTP_TEST_ENGINES)("custom audiences in the graph on %s", (engine) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true });
  });
  afterAll(() => stack.close());

  const ok = async <T>(query: string, variables?: Record<string, unknown>): Promise<Counted<T>> => {
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return { data: body.data as T, byEndpoint: body.extensions?.upstream?.byEndpoint ?? {} };
  };

  /** A mutation's result and the requests ads-api served for it. */
  const mutate = async (query: string, variables?: Record<string, unknown>) => {
    await stack.adsApi.requests.reset();
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const [result] = Object.values(body.data as Record<string, Record<string, unknown>>);
    return {
      result: present(result, "mutation result"),
      served: (await stack.adsApi.requests.counts()).total,
    };
  };

  it("reads an account's audiences with their grants and what targets them, in bounded requests", async () => {
    const { data, byEndpoint } = await ok<{
      account: { customAudiences: { edges: { node: AudienceNode }[] } };
    }>(`{ account(rawId: "${A}") { customAudiences(first: 20, sort: { field: ID }) { edges { node {
      ${AUDIENCE_FIELDS} ${EDGES} } } } } }`);
    const audiences = nodes(data.account.customAudiences);
    const crm = present(
      audiences.find((a) => a.rawId === A_CRM),
      "the demo CRM audience",
    );
    expect(crm).toMatchObject({
      audienceType: "CRM",
      isOwner: true,
      ownerAccountId: A,
      permissionLevel: "READ_WRITE",
      targetable: true,
      processing: false,
    });
    expect(crm.audienceSize).toBeGreaterThanOrEqual(100);
    expect(nodes(present(crm.permissions)).map((p) => p.grantedAccountId)).toEqual([B]);
    const targeting = nodes(present(crm.targetedBy));
    const lineItems = targeting.flatMap((entry) => entry.lineItems);
    expect(lineItems.map((li) => li.lineItemId)).toContain(`${A}l1`);
    for (const entry of targeting) {
      expect(entry.campaign?.rawId).toBe(entry.campaignId);
      for (const li of entry.lineItems) expect(li.lineItem?.campaignId).toBe(entry.campaignId);
    }
    // One request per audience for each per-audience edge (their paths name one audience);
    // the campaigns and line items they name are read together, ≤200 ids a request.
    const n = audiences.length;
    expect(n).toBeGreaterThanOrEqual(2);
    expect(byEndpoint).toEqual({
      "accounts.get": 1,
      "custom_audiences.list": 1,
      "custom_audiences.permissions.list": n,
      "custom_audiences.targeted.list": n,
      "campaigns.list": 1,
      "line_items.list": 1,
    });
  });

  it("shows a grantee the shared audience as not its own, and reads one by id", async () => {
    const { data } = await ok<{ account: { customAudience: AudienceNode } }>(
      `{ account(rawId: "${B}") { customAudience(id: "${audienceId(B, A_CRM)}") { ${AUDIENCE_FIELDS}
        ownerAccount { rawId } permissions { edges { node { grantedAccountId } } } } } }`,
    );
    expect(data.account.customAudience).toMatchObject({
      rawId: A_CRM,
      isOwner: false,
      ownerAccountId: A,
      permissionLevel: "READ_ONLY",
      ownerAccount: { rawId: A },
      permissions: { edges: [{ node: { grantedAccountId: B } }] },
    });
    const node = await ok<{ node: { rawId: string } }>(
      `query ($id: ID!) { node(id: $id) { ... on CustomAudience { rawId } } }`,
      { id: audienceId(A, A_MOBILE) },
    );
    expect(node.data.node.rawId).toBe(A_MOBILE);
  });

  it("creates, renames and deletes an audience; a used name is a DuplicateNameError", async () => {
    const name = `Graph audience ${engine}`;
    const created = await mutate(
      `mutation ($name: String!) { createCustomAudience(input: { accountId: "${accountId(A)}", name: $name,
        description: "made in a test" }) { ${ERROR}
        ... on CreateCustomAudiencePayload { customAudience { id rawId name isOwner audienceSize } } } }`,
      { name },
    );
    const audience = created.result.customAudience as { id: string; rawId: string };
    expect(created.result).toMatchObject({
      __typename: "CreateCustomAudiencePayload",
      customAudience: { name, isOwner: true, audienceSize: null },
    });

    const duplicate = await mutate(
      `mutation ($name: String!) { createCustomAudience(input: { accountId: "${accountId(A)}", name: $name }) {
        ${ERROR} ... on DuplicateNameError { field upstream { status codes } } } }`,
      { name },
    );
    expect(duplicate.result).toMatchObject({
      __typename: "DuplicateNameError",
      code: "BAD_USER_INPUT",
      field: "name",
      upstream: { status: 409, codes: ["DUPLICATE_NAME"] },
    });

    const renameToUsed = await mutate(
      `mutation ($id: ID!) { updateCustomAudience(input: { id: $id, name: "Newsletter subscribers" }) {
        ${ERROR} ... on DuplicateNameError { field } } }`,
      { id: audience.id },
    );
    expect(renameToUsed.result).toMatchObject({ __typename: "DuplicateNameError", field: "name" });

    const renamed = await mutate(
      `mutation ($id: ID!, $name: String!) { updateCustomAudience(input: { id: $id, name: $name }) {
        ${ERROR} ... on UpdateCustomAudiencePayload { customAudience { name } } } }`,
      { id: audience.id, name: `${name} renamed` },
    );
    expect(renamed.result).toEqual({
      __typename: "UpdateCustomAudiencePayload",
      customAudience: { name: `${name} renamed` },
    });

    const deleted = await mutate(
      `mutation ($id: ID!) { deleteCustomAudience(input: { id: $id }) { ${ERROR}
        ... on DeleteCustomAudiencePayload { customAudience { rawId deleted } } } }`,
      { id: audience.id },
    );
    expect(deleted.result).toEqual({
      __typename: "DeleteCustomAudiencePayload",
      customAudience: { rawId: audience.rawId, deleted: true },
    });
  });

  it("shares and revokes as the owner only, and within the business only", async () => {
    const grant = `mutation ($id: ID!, $to: ID!) { grantCustomAudiencePermission(input: {
      customAudienceId: $id, grantedAccountId: $to, permissionLevel: READ_ONLY }) { ${ERROR}
      ... on GrantCustomAudiencePermissionPayload { permission { rawId grantedAccountId permissionLevel deleted } } } }`;
    const revoke = `mutation ($id: ID!, $permission: String!) { revokeCustomAudiencePermission(input: {
      customAudienceId: $id, permissionRawId: $permission }) { ${ERROR}
      ... on RevokeCustomAudiencePermissionPayload { permission { rawId deleted } } } }`;

    // The grantee reading the shared audience through its own account may not share it.
    const notOwner = await mutate(grant, { id: audienceId(B, A_CRM), to: accountId(OTHER) });
    expect(notOwner.result).toMatchObject({
      __typename: "NotAudienceOwnerError",
      code: "FORBIDDEN",
    });
    const outside = await mutate(grant, { id: audienceId(A, A_MOBILE), to: accountId(OTHER) });
    expect(outside.result).toMatchObject({
      __typename: "SharingNotAllowedError",
      code: "FORBIDDEN",
    });

    const granted = await mutate(grant, { id: audienceId(A, A_MOBILE), to: accountId(B) });
    const permission = granted.result.permission as { rawId: string };
    expect(granted.result).toMatchObject({
      __typename: "GrantCustomAudiencePermissionPayload",
      permission: { grantedAccountId: B, permissionLevel: "READ_ONLY", deleted: false },
    });
    const grantees = await ok<{ account: { customAudience: AudienceNode } }>(
      `{ account(rawId: "${A}") { customAudience(id: "${audienceId(A, A_MOBILE)}") { ${AUDIENCE_FIELDS}
        permissions { totalCount edges { node { grantedAccountId } } } } } }`,
    );
    expect(grantees.data.account.customAudience.permissions?.totalCount).toBe(1);

    const grantee = await mutate(revoke, {
      id: audienceId(B, A_MOBILE),
      permission: permission.rawId,
    });
    expect(grantee.result).toMatchObject({ __typename: "NotAudienceOwnerError" });
    const revoked = await mutate(revoke, {
      id: audienceId(A, A_MOBILE),
      permission: permission.rawId,
    });
    expect(revoked.result).toEqual({
      __typename: "RevokeCustomAudiencePermissionPayload",
      permission: { rawId: permission.rawId, deleted: true },
    });
  });

  it("runs the closed-beta batch: beta required, item errors by input index, flexible audiences", async () => {
    const batch = `mutation ($account: ID!, $operations: [CustomAudienceBatchOperation!]!) {
      batchCustomAudiences(input: { accountId: $account, operations: $operations }) { ${ERROR}
        ... on ValidationError { violations { code field } }
        ... on BatchCustomAudiencesPayload { customAudiences { rawId name audienceType } } } }`;
    const mobile = (name: string) => ({ type: "CREATE", audienceType: "MOBILE_AUDIENCE", name });

    const beta = await mutate(batch, {
      account: accountId(B),
      operations: [mobile(`Beta ${engine}`)],
    });
    expect(beta.result).toMatchObject({
      __typename: "BetaFeatureRequiredError",
      code: "FORBIDDEN",
    });

    const itemError = await mutate(batch, {
      account: accountId(A),
      operations: [mobile(`Batch ok ${engine}`), mobile("Newsletter subscribers")],
    });
    expect(itemError.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ code: "DUPLICATE_NAME", field: "operations[1].name" }],
    });

    // Refused by the catalog's rules before sending: a FLEXIBLE audience without leaves.
    const local = await mutate(batch, {
      account: accountId(A),
      operations: [{ type: "CREATE", audienceType: "FLEXIBLE", name: "No leaves" }],
    });
    expect(local.result).toMatchObject({ __typename: "ValidationError" });
    expect(local.served).toBe(0);

    const made = await mutate(batch, {
      account: accountId(A),
      operations: [
        mobile(`Batch mobile ${engine}`),
        {
          type: "CREATE",
          audienceType: "FLEXIBLE",
          name: `Batch flexible ${engine}`,
          booleanOperator: "OR",
          childSegments: [
            { customAudienceId: audienceId(A, A_MOBILE), lookbackWindow: 30, negate: false },
            {
              customAudienceId: audienceId(A, A_MOBILE),
              lookbackWindow: 7,
              frequencyComparator: "NUM_GT",
            },
          ],
        },
      ],
    });
    expect(made.result, JSON.stringify(made.result)).toMatchObject({
      __typename: "BatchCustomAudiencesPayload",
      customAudiences: [
        { name: `Batch mobile ${engine}`, audienceType: "MOBILE_AUDIENCE" },
        { name: `Batch flexible ${engine}`, audienceType: "FLEXIBLE" },
      ],
    });
    // spec §3: a flexible audience is immutable.
    const flexible = (made.result.customAudiences as { rawId: string }[])[1];
    const immutable = await mutate(
      `mutation ($id: ID!) { updateCustomAudience(input: { id: $id, name: "Renamed flexible" }) {
        ${ERROR} ... on ValidationError { upstream { codes } } } }`,
      { id: audienceId(A, present(flexible).rawId) },
    );
    expect(immutable.result).toMatchObject({
      __typename: "ValidationError",
      upstream: { codes: ["AUDIENCE_IMMUTABLE"] },
    });
  });

  it("creates the one do-not-reach list of an account, adds and removes e-mails, and deletes it", async () => {
    const read = async () =>
      (
        await ok<{
          account: { doNotReachList: { rawId: string; userCount: number | null } | null };
        }>(`{ account(rawId: "${OTHER}") { doNotReachList { rawId userCount } } }`)
      ).data.account.doNotReachList;
    expect(await read()).toBeNull();
    const create = `mutation { createDoNotReachList(input: { accountId: "${accountId(OTHER)}", description: "opt-outs" }) {
      ${ERROR} ... on CreateDoNotReachListPayload { doNotReachList { id rawId description } } } }`;
    const created = await mutate(create);
    expect(created.result).toMatchObject({
      __typename: "CreateDoNotReachListPayload",
      doNotReachList: { description: "opt-outs" },
    });
    const list = created.result.doNotReachList as { id: string; rawId: string };
    const again = await mutate(create);
    expect(again.result).toMatchObject({
      __typename: "DoNotReachListExistsError",
      code: "BAD_USER_INPUT",
    });

    const expiresAt = formatTimestamp(new Date(Date.now() + 30 * 86_400_000));
    const added = await mutate(
      `mutation ($emails: [String!]!, $expires: DateTime!) { addDoNotReachUsers(input: {
        accountId: "${accountId(OTHER)}", emails: $emails, expiresAt: $expires }) { ${ERROR}
        ... on DoNotReachUsersPayload { usersSent successCount totalCount doNotReachList { userCount } } } }`,
      { emails: ["Opt.Out@Example.com", "second@example.com"], expires: expiresAt },
    );
    expect(added.result).toEqual({
      __typename: "DoNotReachUsersPayload",
      usersSent: 2,
      successCount: 2,
      totalCount: 2,
      doNotReachList: { userCount: 2 },
    });
    const tooFar = await mutate(
      `mutation { addDoNotReachUsers(input: { accountId: "${accountId(OTHER)}", emails: ["a@example.com"],
        expiresAt: "${formatTimestamp(new Date(Date.now() + 500 * 86_400_000))}" }) { ${ERROR}
        ... on ValidationError { violations { code field } } } }`,
    );
    expect(tooFar.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ code: "OUT_OF_RANGE", field: "expiresAt" }],
    });
    const removed = await mutate(
      `mutation { removeDoNotReachUsers(input: { accountId: "${accountId(OTHER)}", emails: ["opt.out@example.com"] }) {
        ${ERROR} ... on DoNotReachUsersPayload { usersSent doNotReachList { userCount } } } }`,
    );
    expect(removed.result).toEqual({
      __typename: "DoNotReachUsersPayload",
      usersSent: 1,
      doNotReachList: { userCount: 1 },
    });

    const deleted = await mutate(
      `mutation ($id: ID!) { deleteDoNotReachList(input: { id: $id }) {
        ${ERROR} ... on DeleteDoNotReachListPayload { doNotReachList { rawId } } } }`,
      { id: list.id },
    );
    expect(deleted.result).toEqual({
      __typename: "DeleteDoNotReachListPayload",
      doNotReachList: { rawId: list.rawId },
    });
    expect(await read()).toBeNull();
  });

  it("adds and removes a few people of an audience, hashed; the audience shows it processing", async () => {
    const add = await mutate(
      `mutation ($id: ID!, $users: [AudienceUserInput!]!) { addCustomAudienceUsers(input: {
        customAudienceId: $id, users: $users, defaultCountryCode: "44" }) { ${ERROR}
        ... on CustomAudienceUsersPayload { usersSent successCount totalCount
          customAudience { rawId processing reasonsNotTargetable } } } }`,
      {
        id: audienceId(A, A_MOBILE),
        users: [
          { email: ["Someone@Example.com"], phoneNumber: ["07700 900123"] },
          { handle: ["@someone_else"] },
          { partnerUserId: ["crm-42"] },
        ],
      },
    );
    expect(add.result).toMatchObject({
      __typename: "CustomAudienceUsersPayload",
      usersSent: 3,
      successCount: 3,
      totalCount: 3,
      customAudience: { rawId: A_MOBILE, processing: true },
    });
    const remove = await mutate(
      `mutation ($id: ID!) { removeCustomAudienceUsers(input: { customAudienceId: $id,
        users: [{ email: ["someone@example.com"] }] }) { ${ERROR}
        ... on CustomAudienceUsersPayload { usersSent } } }`,
      { id: audienceId(A, A_MOBILE) },
    );
    expect(remove.result).toEqual({ __typename: "CustomAudienceUsersPayload", usersSent: 1 });
  });

  it("refuses users past the caps, and unusable identifiers, without asking ads-api", async () => {
    const add = `mutation ($users: [AudienceUserInput!]!) { addCustomAudienceUsers(input: {
      customAudienceId: "${audienceId(A, A_CRM)}", users: $users }) { ${ERROR}
      ... on ValidationError { violations { code field message } } } }`;
    const tooMany = await mutate(add, {
      users: Array.from({ length: 1001 }, (_, i) => ({ partnerUserId: [`p${i}`] })),
    });
    expect(tooMany.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ code: "TOO_MANY_ITEMS", field: "users" }],
    });
    expect(JSON.stringify(tooMany.result)).toMatch(/at most 1000 users.*rest-client upload helper/);
    expect(tooMany.served).toBe(0);

    const unusable = await mutate(add, {
      users: [{ email: ["no-at-sign.example.com"] }, {}, { phoneNumber: ["12"] }],
    });
    expect(unusable.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ code: "MISSING_PARAMETER", field: "users[1]" }],
    });
    const bad = await mutate(add, {
      users: [{ email: ["no-at-sign.example.com"] }, { phoneNumber: ["12"] }],
    });
    expect(bad.result).toMatchObject({
      __typename: "ValidationError",
      violations: [
        { code: "INVALID_PARAMETER", field: "users[0].email[0]" },
        { code: "INVALID_PARAMETER", field: "users[1].phoneNumber[0]" },
      ],
    });
    expect(JSON.stringify(bad.result)).not.toContain("no-at-sign");
    expect(unusable.served + bad.served).toBe(0);

    const dnr = await mutate(
      `mutation ($emails: [String!]!) { addDoNotReachUsers(input: { accountId: "${accountId(A)}",
        emails: $emails, expiresAt: "${formatTimestamp(new Date(Date.now() + 86_400_000))}" }) {
        ${ERROR} ... on ValidationError { violations { code field } } } }`,
      { emails: ["fine@example.com", "not an address"] },
    );
    expect(dnr.result).toMatchObject({
      __typename: "ValidationError",
      violations: [{ code: "INVALID_PARAMETER", field: "emails[1]" }],
    });
    expect(dnr.served).toBe(0);
  });

  it("answers keyword insights, and refuses more than 10 keywords before asking", async () => {
    const day = 86_400_000;
    const start = new Date(Math.floor(Date.now() / day) * day - 4 * day);
    const insights = `query ($input: KeywordInsightsInput!) { keywordInsights(input: $input) {
      postVolumes relatedKeywords } }`;
    const { data } = await ok<{
      keywordInsights: { postVolumes: number[]; relatedKeywords: string[] };
    }>(insights, {
      input: {
        granularity: "DAY",
        keywords: ["coffee", "espresso"],
        negativeKeywords: ["decaf"],
        startTime: formatTimestamp(start),
        endTime: formatTimestamp(new Date(start.getTime() + 3 * day)),
        location: "GB",
      },
    });
    expect(data.keywordInsights.postVolumes).toHaveLength(3);
    expect(data.keywordInsights.relatedKeywords).toHaveLength(30);

    await stack.adsApi.requests.reset();
    const refused = await stack.query(insights, {
      input: {
        granularity: "HOUR",
        keywords: Array.from({ length: 11 }, (_, i) => `word${i}`),
        startTime: formatTimestamp(start),
      },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect((await stack.adsApi.requests.counts()).total).toBe(0);
  });
});
