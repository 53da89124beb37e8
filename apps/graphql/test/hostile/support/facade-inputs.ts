import { DEMO } from "@adsgraph/ads-api";
import { globalId } from "../../../testing/index.js";

// The facade's hostile inputs (issue 12, item 8): ids, variables and documents, as tables the
// tests in ../inputs.test.ts walk.

export const A = DEMO.accounts[0].id;
const b64 = (text: string | Buffer) => Buffer.from(text).toString("base64");
const GA = globalId("Account", A);
const FI1 = globalId("FundingInstrument", `${A}f1`, A);
/** The demo's PROMOTED_POSTS line item without promoted posts (ads-api seed). */
const LI5 = globalId("LineItem", `${A}l5`, A);

/** Plain ids (account ids, campaign ids, media keys). `local`: the facade can refuse it alone. */
export const RAW_IDS = [
  { label: "1,000,000 characters", value: "a".repeat(1_000_000), local: true },
  { label: "10,000 characters", value: "a".repeat(10_000), local: true },
  { label: "empty", value: "", local: true },
  { label: "a NUL", value: "ab\u0000cd", local: true },
  { label: "a lone surrogate", value: "ab\ud800cd", local: true },
  { label: "an escape character", value: "ab\u001bcd", local: true },
  { label: "a slash", value: `${A}/x`, local: true },
  { label: "dot segments", value: "../../accounts", local: true },
  { label: "a percent escape", value: "%00", local: true },
  { label: "a prototype name", value: "__proto__", local: false },
  { label: "unicode", value: "ét€", local: false },
];

/** Global ids (`node`, `nodes`, mutation `id`s): base64 of `<Type>:<id>`. */
export const GLOBAL_IDS = [
  { label: "1,000,000 characters", value: "A".repeat(1_000_000), local: true },
  { label: "not base64", value: "!!!", local: true },
  { label: "empty", value: "", local: true },
  { label: "an unknown type", value: b64("Nope:x"), local: true },
  { label: "no colon", value: b64("Campaign"), local: true },
  { label: "no id", value: b64("Campaign:"), local: true },
  { label: "no account part", value: b64("Campaign:noslash"), local: true },
  { label: "an empty account", value: b64("Campaign:/x"), local: true },
  { label: "a NUL inside", value: b64(`Campaign:${A}/\u0000x`), local: true },
  {
    label: "bytes that are not UTF-8",
    value: b64(Buffer.from([0x43, 0x3a, 0xff, 0xfe])),
    local: true,
  },
  { label: "10,000 characters inside", value: b64(`Account:${"a".repeat(10_000)}`), local: true },
  { label: "dot segments inside", value: b64(`Campaign:${A}/../../x`), local: true },
  { label: "an id with a lone surrogate", value: b64(`Campaign:${A}/\ud800`), local: true },
  { label: "another type's id", value: b64(`Nope:${A}/x`), local: true },
];

/** The read of the account that nested fields hang from: not the bad input's cost. */
const ACCOUNT_READ = ["accounts.get", "accounts.list"];

/** Query arguments that take a plain id (a lookup by wire id, a currency code). */
export const RAW_ID_QUERIES: { name: string; query: string; allowed: readonly string[] }[] = [
  {
    name: "account(rawId:)",
    allowed: [],
    query: "query ($id: String!) { account(rawId: $id) { id } }",
  },
  // Issue 16: post ids are digit ids, refused before any read.
  {
    name: "posts(rawIds:)",
    allowed: [],
    query: "query ($id: String!) { posts(rawIds: [$id]) { rawId } }",
  },
  {
    name: "biddingRules(currency:)",
    allowed: [],
    query: "query ($id: String) { biddingRules(currency: $id) { nodes { currency } } }",
  },
];

/** Query arguments that name an entity by its global id (`ID`). */
export const GLOBAL_ID_ARG_QUERIES: { name: string; query: string; allowed: readonly string[] }[] =
  [
    ...["campaign", "fundingInstrument", "card", "pollCard", "customAudience"].map((field) => ({
      name: `${field}(id:)`,
      allowed: ACCOUNT_READ,
      query: `query ($id: ID!) { account(rawId: "${A}") { ${field}(id: $id) { id } } }`,
    })),
    {
      name: "campaigns(ids:)",
      allowed: ACCOUNT_READ,
      query: `query ($id: ID!) { account(rawId: "${A}") { campaigns(ids: [$id]) { edges { node { id } } } } }`,
    },
    {
      name: "viewer.accounts(ids:)",
      allowed: [],
      query: "query ($id: ID!) { viewer { accounts(ids: [$id]) { edges { node { id } } } } }",
    },
    { name: "posts(ids:)", allowed: [], query: "query ($id: ID!) { posts(ids: [$id]) { rawId } }" },
    ...["draft", "scheduledPost"].map((field) => ({
      name: `${field}(id:)`,
      allowed: ACCOUNT_READ,
      query: `query ($id: ID!) { account(rawId: "${A}") { ${field}(id: $id) { rawId } } }`,
    })),
    ...["ids: [$id]", "userId: $id"].map((argument) => ({
      name: `account.posts(${argument})`,
      allowed: ACCOUNT_READ,
      query: `query ($id: ID!) { account(rawId: "${A}") { posts(type: PUBLISHED, ${argument}) { edges { node { rawId } } } } }`,
    })),
  ];

export const GLOBAL_ID_QUERIES = [
  { name: "node(id:)", query: "query ($id: ID!) { node(id: $id) { id } }" },
  { name: "nodes(ids:)", query: "query ($id: ID!) { nodes(ids: [$id]) { id } }" },
];

const ERROR_FIELDS = "__typename ... on Error { code message }";

/** Mutations whose `id` is a global id. */
export const GLOBAL_ID_MUTATIONS = [
  {
    name: "deleteCampaign",
    query: `mutation ($id: ID!) { deleteCampaign(input: { id: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "deleteCard",
    query: `mutation ($id: ID!) { deleteCard(input: { id: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "deleteAccountMedia",
    query: `mutation ($id: ID!) { deleteAccountMedia(input: { id: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "deleteSandboxFundingInstrument",
    query: `mutation ($id: ID!) { deleteSandboxFundingInstrument(input: { id: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "updateCampaign",
    query: `mutation ($id: ID!) { updateCampaign(input: { id: $id, name: "x" }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "updateCard",
    query: `mutation ($id: ID!) { updateCard(input: { id: $id, name: "x" }) { ${ERROR_FIELDS} } }`,
  },
  ...["deleteDraft", "previewDraft", "deleteScheduledPost"].map((name) => ({
    name,
    query: `mutation ($id: ID!) { ${name}(id: $id) { ${ERROR_FIELDS} } }`,
  })),
  // Issue 17: audiences.
  {
    name: "deleteCustomAudience",
    query: `mutation ($id: ID!) { deleteCustomAudience(input: { id: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "addCustomAudienceUsers",
    query: `mutation ($id: ID!) { addCustomAudienceUsers(input: { customAudienceId: $id, users: [{ partnerUserId: ["p1"] }] }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "grantCustomAudiencePermission",
    query: `mutation ($id: ID!) { grantCustomAudiencePermission(input: { customAudienceId: $id, grantedAccountId: "${GA}", permissionLevel: READ_ONLY }) { ${ERROR_FIELDS} } }`,
  },
  ...["updateDraft", "updateScheduledPost"].map((name) => ({
    name,
    query: `mutation ($id: ID!) { ${name}(input: { id: $id, name: "x" }) { ${ERROR_FIELDS} } }`,
  })),
  {
    name: "deleteSandboxAccount",
    query: `mutation ($id: ID!) { deleteSandboxAccount(input: { accountId: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "updateAccount",
    query: `mutation ($id: ID!) { updateAccount(input: { accountId: $id, name: "x" }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "createCampaign accountId",
    query: `mutation ($id: ID!) { createCampaign(input: { accountId: $id, fundingInstrumentId: "${FI1}", name: "x", entityStatus: PAUSED }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "createCampaign fundingInstrumentId",
    query: `mutation ($id: ID!) { createCampaign(input: { accountId: "${GA}", fundingInstrumentId: $id, name: "x", entityStatus: PAUSED }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "createPost asUserId",
    query: `mutation ($id: ID!) { createPost(input: { accountId: "${GA}", asUserId: $id, text: "x" }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "renamePost postId",
    query: `mutation ($id: ID!) { renamePost(input: { accountId: "${GA}", postId: $id, name: "x" }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "editPost postId",
    query: `mutation ($id: ID!) { editPost(input: { postId: $id, text: "x" }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "publishPost replyTo",
    query: `mutation ($id: ID!) { publishPost(input: { text: "x", replyTo: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "createCustomAudience accountId",
    query: `mutation ($id: ID!) { createCustomAudience(input: { accountId: $id, name: "x" }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "createDoNotReachList accountId",
    query: `mutation ($id: ID!) { createDoNotReachList(input: { accountId: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "createPollCard accountId",
    query: `mutation ($id: ID!) { createPollCard(input: { accountId: $id, name: "p", durationInMinutes: 60, firstChoice: "a", secondChoice: "b" }) { ${ERROR_FIELDS} } }`,
  },
  // Issue 33: promoted posts and poll card delete (beyond the spec).
  ...["unpromotePost", "deletePollCard"].map((name) => ({
    name,
    query: `mutation ($id: ID!) { ${name}(input: { id: $id }) { ${ERROR_FIELDS} } }`,
  })),
  {
    name: "updateMediaLibraryObject",
    query: `mutation ($id: ID!) { updateMediaLibraryObject(input: { id: $id, name: "x" }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "promotePosts lineItemId",
    query: `mutation ($id: ID!) { promotePosts(input: { accountId: "${GA}", lineItemId: $id, postIds: ["${globalId("Post", DEMO.user.id)}"] }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "promotePosts postIds",
    query: `mutation ($id: ID!) { promotePosts(input: { accountId: "${GA}", lineItemId: "${LI5}", postIds: [$id] }) { ${ERROR_FIELDS} } }`,
  },
];

/** Mutations that take a plain media key: not an id of anything the graph shows. */
export const RAW_ID_MUTATIONS = [
  {
    name: "deleteMediaLibraryObject",
    query: `mutation ($id: String!) { deleteMediaLibraryObject(input: { accountId: "${GA}", mediaKey: $id }) { ${ERROR_FIELDS} } }`,
  },
  {
    name: "publishPost mediaKeys",
    query: `mutation ($id: String!) { publishPost(input: { mediaKeys: [$id] }) { ${ERROR_FIELDS} } }`,
  },
];

export const cross = <Q extends { name: string }, V extends { label: string }>(
  queries: Q[],
  values: V[],
) =>
  queries.flatMap((q) => values.map((v) => ({ ...q, ...v, title: `${q.name} with ${v.label}` })));

/** Variables of the wrong type or out of range: the facade refuses them itself. */
/** Issue 36: ranges no metrics field takes, each with what is wrong. */
const METRICS_RANGES: [string, Record<string, unknown>][] = [
  ["a range off the hour", { start: "2026-11-01T00:30:00Z", end: "2026-11-02T00:00:00Z" }],
  [
    "a range ending before it starts",
    { start: "2026-11-02T00:00:00Z", end: "2026-11-01T00:00:00Z" },
  ],
  ["an empty range", { start: "2026-11-02T00:00:00Z", end: "2026-11-02T00:00:00Z" }],
  ["a range of 91 days", { start: "2026-01-01T00:00:00Z", end: "2026-04-02T00:00:00Z" }],
  ["a range of year 0", { start: "0000-01-01T00:00:00Z", end: "0000-01-02T00:00:00Z" }],
  ["a range without an end", { start: "2026-11-01T00:00:00Z" }],
  ["a range of numbers", { start: 0, end: 3_600_000 }],
];

/** Issue 36: metrics arguments of values their types refuse: name, type, value. */
const METRICS_ARGUMENTS: [string, string, unknown][] = [
  ["granularity", "MetricsGranularity", "WEEK"],
  ["placement", "MetricsPlacement", "EVERYWHERE"],
  ["metricGroups", "[MetricGroup!]", ["ENGAGEMENT", "SPEND"]],
];

export const VARIABLES: {
  label: string;
  query: string;
  variables: Record<string, unknown>;
  allowed?: readonly string[];
}[] = [
  ...[5, null, {}, [], true].map((id) => ({
    label: `id ${JSON.stringify(id)}`,
    query: "query ($id: String!) { account(rawId: $id) { id } }",
    variables: { id },
  })),
  ...[2_147_483_648, "10", 1.5, -1, 0, 1001].map((first) => ({
    label: `first ${JSON.stringify(first)}`,
    query: "query ($first: Int) { viewer { accounts(first: $first) { edges { node { id } } } } }",
    variables: { first },
  })),
  ...["1e6", "-1", "abc", 2 ** 53 + 2, "99999999999999999999999999", ""].map((budget) => ({
    label: `dailyBudget ${JSON.stringify(budget)}`,
    query: `mutation ($budget: Micros) { createCampaign(input: { accountId: "${GA}", fundingInstrumentId: "${FI1}", name: "b", dailyBudget: $budget }) { ${ERROR_FIELDS} } }`,
    variables: { budget },
  })),
  ...["0000-01-01T00:00:00Z", "2026-02-30T00:00:00Z", "now", "2026-01-01T00:00:00+01:00"].map(
    (start) => ({
      label: `startTime ${JSON.stringify(start)}`,
      query: `mutation ($start: DateTime!) { createSandboxFundingInstrument(input: { accountId: "${GA}", currency: "USD", type: CREDIT_CARD, startTime: $start }) { ${ERROR_FIELDS} } }`,
      variables: { start },
    }),
  ),
  {
    label: "an enum value that does not exist",
    query: `mutation ($status: EntityStatus) { createCampaign(input: { accountId: "${GA}", fundingInstrumentId: "${FI1}", name: "e", entityStatus: $status }) { ${ERROR_FIELDS} } }`,
    variables: { status: "DELETED" },
  },
  {
    label: "25,000 ids for nodes (past the complexity limit)",
    query: "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }",
    variables: {
      ids: Array.from({ length: 25_000 }, (_, i) => b64(`Campaign:${A}/c${i}`)),
    },
  },
  {
    label: "a q with a NUL",
    query: `query ($q: String) { account(rawId: "${A}") { campaigns(q: $q) { edges { node { id } } } } }`,
    variables: { q: "a\u0000" },
    allowed: ACCOUNT_READ,
  },
  {
    label: "a 100,000-character q",
    query: `query ($q: String) { account(rawId: "${A}") { campaigns(q: $q) { edges { node { id } } } } }`,
    variables: { q: "a".repeat(100_000) },
    allowed: ACCOUNT_READ,
  },
  // Issue 17: the audience users mutations' caps and keyword insights' limits, judged here.
  {
    label: "1,001 audience users (past the mutation's cap)",
    query: `mutation ($users: [AudienceUserInput!]!) { addCustomAudienceUsers(input: { customAudienceId: "${b64(`CustomAudience:${A}/${A}ca1`)}", users: $users }) { ${ERROR_FIELDS} } }`,
    variables: { users: Array.from({ length: 1001 }, (_, i) => ({ partnerUserId: [`p${i}`] })) },
  },
  {
    label: "a 100,000-character e-mail for the do-not-reach list",
    query: `mutation ($emails: [String!]!) { addDoNotReachUsers(input: { accountId: "${GA}", emails: $emails, expiresAt: "2030-01-01T00:00:00Z" }) { ${ERROR_FIELDS} } }`,
    variables: { emails: [`${"a".repeat(100_000)}@example.com`] },
  },
  {
    label: "an audience user without identifiers",
    query: `mutation ($users: [AudienceUserInput!]!) { removeCustomAudienceUsers(input: { customAudienceId: "${b64(`CustomAudience:${A}/${A}ca1`)}", users: $users }) { ${ERROR_FIELDS} } }`,
    variables: { users: [{}] },
  },
  {
    label: "11 insight keywords",
    query: `query ($keywords: [String!]!) { keywordInsights(input: { granularity: DAY, keywords: $keywords, startTime: "2026-01-01T00:00:00Z" }) { postVolumes } }`,
    variables: { keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) },
  },
  {
    label: "an insight window of 30 days",
    query: `query ($end: DateTime) { keywordInsights(input: { granularity: DAY, keywords: ["coffee"], startTime: "2026-01-01T00:00:00Z", endTime: $end }) { postVolumes } }`,
    variables: { end: "2026-01-31T00:00:00Z" },
  },
  // Issue 36: metrics ranges and arguments, judged before any analytics request.
  ...METRICS_RANGES.flatMap(([label, range]) => [
    {
      label: `metrics over ${label}`,
      query: `query ($range: MetricsRangeInput!) { account(rawId: "${A}") { metrics(range: $range) { engagement { impressions { total } } } } }`,
      variables: { range },
      allowed: ACCOUNT_READ,
    },
    {
      label: `activeEntities over ${label}`,
      query: `query ($range: MetricsRangeInput!) { account(rawId: "${A}") { activeEntities(range: $range) { entityRawId } } }`,
      variables: { range },
      allowed: ACCOUNT_READ,
    },
  ]),
  ...METRICS_ARGUMENTS.map(([name, type, value]) => ({
    label: `metrics with ${name} ${JSON.stringify(value)}`,
    query: `query ($value: ${type}) { account(rawId: "${A}") { metrics(range: { start: "2026-11-01T00:00:00Z", end: "2026-11-02T00:00:00Z" }, ${name}: $value) { bucketStarts } } }`,
    variables: { value },
    allowed: ACCOUNT_READ,
  })),
  {
    label: "a campaign name with a lone surrogate",
    query: `mutation ($name: String!) { createCampaign(input: { accountId: "${GA}", fundingInstrumentId: "${FI1}", name: $name }) { ${ERROR_FIELDS} } }`,
    variables: { name: "x\udc00" },
  },
];

/** A selection nested `depth` times through campaign → account, within the depth limit's reach. */
const nested = (depth: number) =>
  `{ viewer { accounts { edges { node { ${"campaigns { edges { node { account { ".repeat(depth)}id${" } } } }".repeat(depth)} } } } } }`;

/** Request bodies no GraphQL server should execute. */
export const DOCUMENTS: { label: string; body: unknown; mayAnswer?: boolean }[] = [
  { label: "an empty query", body: { query: "" } },
  { label: "only spaces", body: { query: "   " } },
  { label: "an open brace", body: { query: "{" } },
  { label: "an unclosed operation", body: { query: "query {" } },
  { label: "a closing brace too many", body: { query: "{ health } }" } },
  {
    label: "a 1 MB string argument",
    body: { query: `{ account(rawId: "${"a".repeat(1_000_000)}") { id } }` },
  },
  {
    // Linear to read and harmless: answered or refused, never a 5xx.
    label: "a 1 MB comment",
    body: { query: `#${"x".repeat(1_000_000)}\n{ health }` },
    mayAnswer: true,
  },
  {
    label: "selection sets 10,000 deep",
    body: { query: `${"{ a ".repeat(10_000)}${"}".repeat(10_000)}` },
  },
  {
    label: "lists 10,000 deep in an argument",
    body: { query: `{ account(rawId: ${"[".repeat(10_000)}"x"${"]".repeat(10_000)}) { id } }` },
  },
  { label: "fields nested 36 levels", body: { query: nested(8) } },
  {
    label: "2,000 aliases",
    body: { query: `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: health`).join(" ")} }` },
  },
  { label: "5,000 directives", body: { query: `{ health ${"@skip(if: false) ".repeat(5000)}}` } },
  {
    label: "a fragment cycle",
    body: { query: "query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }" },
  },
  { label: "a subscription", body: { query: "subscription { health }" } },
  { label: "an unknown operation name", body: { query: "query A { health }", operationName: "B" } },
  { label: "two operations and no name", body: { query: "query A { health } query B { health }" } },
  { label: "a batch (an array)", body: [{ query: "{ health }" }, { query: "{ health }" }] },
  { label: "a query that is a number", body: { query: 5 } },
  { label: "variables that are a string", body: { query: "{ health }", variables: "x" } },
  {
    label: "an unknown persisted query",
    body: { extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } },
  },
  { label: "a body that is not JSON", body: "query={health}" },
  {
    label: "a __proto__ key",
    body: '{"query":"{ health }","__proto__":{"query":"{ viewer { userId } }"}}',
  },
  {
    label: "a __proto__ variable",
    body: `{"query":"query ($id: String!) { account(rawId: $id) { id } }","variables":{"__proto__":{"id":"${A}"}}}`,
  },
];
