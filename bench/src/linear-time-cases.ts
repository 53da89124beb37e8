import { DEMO } from "@adsgraph/ads-api";
import { globalId } from "@adsgraph/graphql/testing";
import { signRequest } from "@adsgraph/oauth";
import type { ChildServers } from "./children.js";

/** Lengths that fit in Node's 16 KiB of request line and headers, 10× apart. */
export const HEADER_SIZES = [140, 1_400, 14_000];
export const BODY_SIZES = [10_000, 100_000, 1_000_000];
/** Levels of nesting (issue 34): 100,000 levels of `[` and `]` are a 200 KB body. */
export const DEPTHS = [1_000, 10_000, 100_000];
/** Id lists: 2, 20 and 200 ids (200 is a list's maximum) of 64 characters (an id's maximum). */
export const ID_COUNTS = [2, 20, 200];
const ID_LENGTH = 64;
const ACCOUNT = DEMO.accounts[0].id;
const filler = (n: number) => "a".repeat(n);
/** n distinct ids of ID_LENGTH characters, mostly runs of `a` (the old patterns' worst case). */
const longIds = (n: number) =>
  Array.from({ length: n }, (_, index) => index.toString(36).padStart(ID_LENGTH, "a"));

/** What a case must answer at one size. */
export interface Expected {
  status: number;
  /** The error codes the answer must carry, all of them and no other; [] for none. */
  codes: readonly string[];
  /** The code path that answers: ratios compare only sizes that take the same one. */
  path: string;
  /** Text the answer must contain (a rule's limit, where the code alone does not tell the path). */
  contains?: string;
  /** A check of the answer's JSON where no error is expected. */
  accept?: (body: unknown) => boolean;
}

/** What came back: the status, the error codes found in the body, the body's start. */
export interface Answer {
  status: number;
  codes: string[];
  body: unknown;
  excerpt: string;
}

export interface Case {
  name: string;
  server: "ads-api" | "facade";
  /** Characters of the input, or ids in a list (`unit`). */
  sizes: readonly number[];
  unit: "characters" | "ids of 64 characters" | "levels of nesting";
  expected(size: number): Expected;
  /** Sends one request with an input of that size; resolves with what came back. */
  send(servers: ChildServers, size: number, signal: AbortSignal): Promise<Answer>;
}

const demoCredentials = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
};

type Json = Record<string, unknown> | null;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const codeOf = (error: Json): string[] => {
  const code = error?.code;
  return [typeof code === "string" || typeof code === "number" ? String(code) : "(none)"];
};

/** ads-api's errors: `errors[].code`, and a batch's `operation_errors[][].code`. */
const adsApiCodes = (body: Json): string[] => [
  ...list(body?.errors).flatMap(codeOf),
  ...list(body?.operation_errors).flatMap((operation) => list(operation).flatMap(codeOf)),
];
/** GraphQL errors: `errors[].extensions.code`. */
const graphqlCodes = (body: Json): string[] =>
  list(body?.errors).flatMap((error) => codeOf((error?.extensions ?? null) as Json));
/** The facade's sign-in routes: `{ error: { code } }`. */
const authRouteCodes = (body: Json): string[] =>
  body?.error === undefined ? [] : codeOf(body.error as Json);

async function answer(response: Promise<Response>, codes: (body: Json) => string[]) {
  const got = await response;
  const text = await got.text();
  let body: Json = null;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    // Not JSON: no codes; the excerpt shows what it was.
  }
  return {
    status: got.status,
    codes: [...new Set(codes(body))].sort(),
    body,
    excerpt: text.slice(0, 240),
  };
}

function signed(method: string, url: string, signal: AbortSignal, init: RequestInit = {}) {
  const { authorization } = signRequest({ method, url, ...demoCredentials });
  const headers = { ...(init.headers as Record<string, string>), authorization };
  return answer(fetch(url, { ...init, method, headers, signal }), adsApiCodes);
}

const graphql = (servers: ChildServers, body: unknown, signal: AbortSignal) =>
  answer(
    fetch(servers.facade.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...servers.facade.headers },
      body: JSON.stringify(body),
      signal,
    }),
    graphqlCodes,
  );

/** A GraphQL body sent as the text given: values this deep cannot be built and stringified. */
const graphqlText = (servers: ChildServers, text: string, signal: AbortSignal) =>
  answer(
    fetch(servers.facade.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...servers.facade.headers },
      body: text,
      signal,
    }),
    graphqlCodes,
  );

/** JSON text nesting arrays, or objects, n levels deep. */
const deepArrays = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObjects = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);

const at = (body: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Json)?.[key], body);
/** The same answer at every size. */
const always = (expected: Expected) => () => expected;

/** Where long inputs used to cost quadratic time: each sends one request with a long input. */
export const CASES: Case[] = [
  {
    name: "ads-api: query string, unauthenticated",
    server: "ads-api",
    sizes: HEADER_SIZES,
    unit: "characters",
    expected: always({ status: 401, codes: ["215"], path: "no consumer key" }),
    send: (s, n, signal) =>
      answer(fetch(`${s.adsApi.urls.ads}/12/accounts?q=${filler(n)}`, { signal }), adsApiCodes),
  },
  {
    name: "ads-api: q of campaigns.list, signed",
    server: "ads-api",
    sizes: HEADER_SIZES,
    unit: "characters",
    // Up to 255 characters q is a name prefix and the list is read; beyond, a size rule refuses it.
    expected: (n) =>
      n <= 255
        ? {
            status: 200,
            codes: [],
            path: "list read",
            accept: (body) => Array.isArray(at(body, "data")),
          }
        : { status: 400, codes: ["TOO_LONG"], path: "q length rule (255)" },
    send: (s, n, signal) =>
      signed("GET", `${s.adsApi.urls.ads}/12/accounts/${ACCOUNT}/campaigns?q=${filler(n)}`, signal),
  },
  {
    name: "ads-api: campaign_ids of campaigns.list, signed",
    server: "ads-api",
    sizes: ID_COUNTS,
    unit: "ids of 64 characters",
    expected: always({
      status: 200,
      codes: [],
      path: "list read, no id matches",
      accept: (body) => Array.isArray(at(body, "data")) && list(at(body, "data")).length === 0,
    }),
    send: (s, n, signal) =>
      signed(
        "GET",
        `${s.adsApi.urls.ads}/12/accounts/${ACCOUNT}/campaigns?campaign_ids=${longIds(n).join(",")}`,
        signal,
      ),
  },
  {
    name: "ads-api: account id in the path, signed",
    server: "ads-api",
    sizes: HEADER_SIZES,
    unit: "characters",
    expected: always({ status: 400, codes: ["TOO_LONG"], path: "id length rule (64)" }),
    send: (s, n, signal) => signed("GET", `${s.adsApi.urls.ads}/12/accounts/${filler(n)}`, signal),
  },
  {
    name: "ads-api: Authorization header (OAuth, no parameters)",
    server: "ads-api",
    sizes: HEADER_SIZES,
    unit: "characters",
    expected: always({ status: 401, codes: ["215"], path: "malformed OAuth header" }),
    send: (s, n, signal) =>
      answer(
        fetch(`${s.adsApi.urls.ads}/12/accounts`, {
          headers: { authorization: `OAuth ${filler(n)}` },
          signal,
        }),
        adsApiCodes,
      ),
  },
  {
    name: "ads-api: JSON body, signed (a campaign name in campaigns.batch)",
    server: "ads-api",
    sizes: [1_000, 10_000, 100_000, 1_000_000],
    unit: "characters",
    // Any string over 65,536 characters is refused while the body's structure is scanned,
    // before any other work; shorter names reach the name's own rule (255), reported with
    // every other violation (the item leaves out the campaign's required parameters).
    expected: (n) =>
      n <= 65_536
        ? {
            status: 400,
            codes: ["BATCH_FAILED", "MISSING_PARAMETER", "TOO_LONG"],
            path: "name rule (255)",
            contains: "at most 255 characters",
          }
        : {
            status: 400,
            codes: ["BATCH_FAILED", "TOO_LONG"],
            path: "any string (65,536), before other work",
            contains: "at most 65536 characters",
          },
    send: (s, n, signal) =>
      signed("POST", `${s.adsApi.urls.ads}/12/batch/accounts/${ACCOUNT}/campaigns`, signal, {
        headers: { "content-type": "application/json" },
        body: JSON.stringify([{ operation_type: "Create", params: { name: filler(n) } }]),
      }),
  },
  {
    name: "ads-api: JSON body nested deep, signed (arrays as a campaign name in campaigns.batch)",
    server: "ads-api",
    sizes: DEPTHS,
    unit: "levels of nesting",
    // The structure scan stops at the catalog's depth limit: the rest is never walked.
    expected: always({
      status: 400,
      codes: ["BATCH_FAILED", "TOO_LARGE"],
      path: "depth rule (64)",
      contains: "at most 64 levels",
    }),
    send: (s, n, signal) =>
      signed("POST", `${s.adsApi.urls.ads}/12/batch/accounts/${ACCOUNT}/campaigns`, signal, {
        headers: { "content-type": "application/json" },
        body: `[{"operation_type":"Create","params":{"name":${deepArrays(n)}}}]`,
      }),
  },
  {
    name: "ads-api: JSON body nested deep, signed (objects as a card component)",
    server: "ads-api",
    sizes: DEPTHS,
    unit: "levels of nesting",
    expected: always({
      status: 400,
      codes: ["TOO_LARGE"],
      path: "depth rule (64)",
      contains: "at most 64 levels",
    }),
    send: (s, n, signal) =>
      signed("POST", `${s.adsApi.urls.ads}/12/accounts/${ACCOUNT}/cards`, signal, {
        headers: { "content-type": "application/json" },
        body: `{"name":"Deep","components":[${deepObjects(n)}]}`,
      }),
  },
  {
    name: "facade: variables nested deep, signed in",
    server: "facade",
    sizes: DEPTHS,
    unit: "levels of nesting",
    // Refused as the body is parsed, before the response cache's key or any coercion walks it.
    expected: always({ status: 400, codes: ["BAD_REQUEST"], path: "body nesting rule (64)" }),
    send: (s, n, signal) =>
      graphqlText(s, `{"query":"{ health }","variables":{"x":${deepArrays(n)}}}`, signal),
  },
  {
    name: "facade: list value nested deep in the document",
    server: "facade",
    sizes: DEPTHS,
    unit: "levels of nesting",
    // Read in one pass before graphql-js parses (its parser recurses per level).
    expected: always({
      status: 400,
      codes: ["QUERY_LIMIT_EXCEEDED"],
      path: "document nesting rule (64)",
    }),
    send: (s, n, signal) => graphql(s, { query: `{ node(id: ${deepArrays(n)}) { id } }` }, signal),
  },
  {
    name: "facade: account(rawId:) as a variable",
    server: "facade",
    sizes: BODY_SIZES,
    unit: "characters",
    expected: always({ status: 200, codes: ["BAD_USER_INPUT"], path: "id length rule (64)" }),
    send: (s, n, signal) =>
      graphql(
        s,
        {
          query: "query($id: String!) { account(rawId: $id) { name } }",
          variables: { id: filler(n) },
        },
        signal,
      ),
  },
  {
    name: "facade: account(rawId:) inline in the document",
    server: "facade",
    sizes: BODY_SIZES,
    unit: "characters",
    expected: always({ status: 200, codes: ["BAD_USER_INPUT"], path: "id length rule (64)" }),
    send: (s, n, signal) =>
      graphql(s, { query: `{ account(rawId: "${filler(n)}") { name } }` }, signal),
  },
  {
    name: "facade: campaigns(ids:) of an account (one upstream URL of up to ~13 KB, masked)",
    server: "facade",
    sizes: ID_COUNTS,
    unit: "ids of 64 characters",
    expected: always({
      status: 200,
      codes: [],
      path: "accounts.get, then campaigns.list with campaign_ids",
      accept: (body) => {
        const edges = at(body, "data", "account", "campaigns", "edges");
        return Array.isArray(edges) && edges.length === 0;
      },
    }),
    send: (s, n, signal) =>
      graphql(
        s,
        {
          query: `query($id: String!, $ids: [ID!]) {
  account(rawId: $id) { campaigns(ids: $ids) { edges { node { rawId } } } }
}`,
          variables: {
            id: ACCOUNT,
            ids: longIds(n).map((id) => globalId("Campaign", id, ACCOUNT)),
          },
        },
        signal,
      ),
  },
  {
    name: "facade: Authorization header (Bearer) on { health }",
    server: "facade",
    sizes: HEADER_SIZES,
    unit: "characters",
    // `health` needs no session: an unknown bearer token is no session, not an error.
    expected: always({
      status: 200,
      codes: [],
      path: "no session, health answered",
      accept: (body) => at(body, "data", "health") === "ok",
    }),
    send: (s, n, signal) =>
      answer(
        fetch(s.facade.url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${filler(n)}` },
          body: JSON.stringify({ query: "{ health }" }),
          signal,
        }),
        graphqlCodes,
      ),
  },
  {
    name: "facade: query string (the sign-in callback)",
    server: "facade",
    sizes: HEADER_SIZES,
    unit: "characters",
    expected: always({ status: 400, codes: ["SIGN_IN_EXPIRED"], path: "no such sign-in" }),
    send: (s, n, signal) =>
      answer(
        fetch(
          `${new URL(s.facade.url).origin}/auth/callback?oauth_token=${filler(n)}&oauth_verifier=x`,
          { redirect: "manual", signal },
        ),
        authRouteCodes,
      ),
  },
];

/** Whether an answer is the one expected: status, exactly the codes, and the checks. */
export function isExpected(got: Answer, expected: Expected): boolean {
  return (
    got.status === expected.status &&
    got.codes.join(",") === [...expected.codes].sort().join(",") &&
    (expected.contains === undefined || JSON.stringify(got.body).includes(expected.contains)) &&
    (expected.accept === undefined || expected.accept(got.body))
  );
}

/** The longest query string that Node's header limit lets through (a 431 beyond it). */
export async function longestQueryString(url: string): Promise<number> {
  let fits = 0;
  let fails = 64 * 1024;
  while (fails - fits > 64) {
    const n = Math.floor((fits + fails) / 2);
    const code = await fetch(`${url}?q=${filler(n)}`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (code === 431 || code === 0 || code === 414) fails = n;
    else fits = n;
  }
  return fits;
}
