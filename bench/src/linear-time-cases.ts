import { DEMO } from "@adsgraph/ads-api";
import { signRequest } from "@adsgraph/oauth";
import type { ChildServers } from "./children.js";

/** Lengths that fit in Node's 16 KiB of request line and headers, 10× apart. */
export const HEADER_SIZES = [140, 1_400, 14_000];
export const BODY_SIZES = [10_000, 100_000, 1_000_000];
const ACCOUNT = DEMO.accounts[0].id;
const filler = (n: number) => "a".repeat(n);

export interface Case {
  name: string;
  server: "ads-api" | "facade";
  sizes: readonly number[];
  /** Sends one request with an input of length n; resolves with what came back. */
  send(servers: ChildServers, n: number, signal: AbortSignal): Promise<Answer>;
}

const demoCredentials = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
};

/** The status, and the start of the body: enough to see what the server made of the input. */
export interface Answer {
  status: number;
  excerpt: string;
}

async function status(response: Promise<Response>): Promise<Answer> {
  const answer = await response;
  const text = await answer.text();
  return { status: answer.status, excerpt: text.slice(0, 240) };
}

function signed(method: string, url: string, signal: AbortSignal, init: RequestInit = {}) {
  const { authorization } = signRequest({ method, url, ...demoCredentials });
  const headers = { ...(init.headers as Record<string, string>), authorization };
  return status(fetch(url, { ...init, method, headers, signal }));
}

const graphql = (servers: ChildServers, body: unknown, signal: AbortSignal) =>
  status(
    fetch(servers.facade.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...servers.facade.headers },
      body: JSON.stringify(body),
      signal,
    }),
  );

/** Where long inputs used to cost quadratic time: each sends one request with n characters. */
export const CASES: Case[] = [
  {
    name: "ads-api: query string, unauthenticated",
    server: "ads-api",
    sizes: HEADER_SIZES,
    send: (s, n, signal) =>
      status(fetch(`${s.adsApi.urls.ads}/12/accounts?q=${filler(n)}`, { signal })),
  },
  {
    name: "ads-api: query string, signed (q of campaigns.list)",
    server: "ads-api",
    sizes: HEADER_SIZES,
    send: (s, n, signal) =>
      signed("GET", `${s.adsApi.urls.ads}/12/accounts/${ACCOUNT}/campaigns?q=${filler(n)}`, signal),
  },
  {
    name: "ads-api: account id in the path, signed",
    server: "ads-api",
    sizes: HEADER_SIZES,
    send: (s, n, signal) => signed("GET", `${s.adsApi.urls.ads}/12/accounts/${filler(n)}`, signal),
  },
  {
    name: "ads-api: Authorization header (OAuth, no parameters)",
    server: "ads-api",
    sizes: HEADER_SIZES,
    send: (s, n, signal) =>
      status(
        fetch(`${s.adsApi.urls.ads}/12/accounts`, {
          headers: { authorization: `OAuth ${filler(n)}` },
          signal,
        }),
      ),
  },
  {
    name: "ads-api: JSON body, signed (a campaign name in campaigns.batch)",
    server: "ads-api",
    sizes: BODY_SIZES,
    send: (s, n, signal) =>
      signed("POST", `${s.adsApi.urls.ads}/12/batch/accounts/${ACCOUNT}/campaigns`, signal, {
        headers: { "content-type": "application/json" },
        body: JSON.stringify([{ operation_type: "Create", params: { name: filler(n) } }]),
      }),
  },
  {
    name: "facade: account(id:) as a variable",
    server: "facade",
    sizes: BODY_SIZES,
    send: (s, n, signal) =>
      graphql(
        s,
        {
          query: "query($id: String!) { account(id: $id) { name } }",
          variables: { id: filler(n) },
        },
        signal,
      ),
  },
  {
    name: "facade: account(id:) inline in the document",
    server: "facade",
    sizes: BODY_SIZES,
    send: (s, n, signal) =>
      graphql(s, { query: `{ account(id: "${filler(n)}") { name } }` }, signal),
  },
  {
    name: "facade: Authorization header (Bearer)",
    server: "facade",
    sizes: HEADER_SIZES,
    send: (s, n, signal) =>
      status(
        fetch(s.facade.url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${filler(n)}` },
          body: JSON.stringify({ query: "{ health }" }),
          signal,
        }),
      ),
  },
  {
    name: "facade: query string (the sign-in callback)",
    server: "facade",
    sizes: HEADER_SIZES,
    send: (s, n, signal) =>
      status(
        fetch(
          `${new URL(s.facade.url).origin}/auth/callback?oauth_token=${filler(n)}&oauth_verifier=x`,
          {
            redirect: "manual",
            signal,
          },
        ),
      ),
  },
];

/** The longest query string that Node's header limit lets through (a 431 beyond it). */
export async function longestQueryString(url: string): Promise<number> {
  let fits = 0;
  let fails = 64 * 1024;
  while (fails - fits > 64) {
    const n = Math.floor((fits + fails) / 2);
    const code = await status(fetch(`${url}?q=${filler(n)}`)).then(
      (answer) => answer.status,
      () => 0,
    );
    if (code === 431 || code === 0 || code === 414) fails = n;
    else fits = n;
  }
  return fits;
}
