// issue 33: ads-api driven by twitter-api-v2, the most used Node client of the real service, with
// only its documented settings (`httpAgent`, `plugins`) and a plugin that maps hosts and vendor
// words (twitter-api-v2-plugin.ts, beside this file, lists which vendor word becomes which spec
// word: hosts, `tweet(s)` → `post(s)`, `x_` → `svc_`, version segments unchanged). The
// client always speaks HTTPS (it calls `https.request`), so ads-api serves TLS here with a
// certificate made for the run, which the client's agent trusts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:https";
import os from "node:os";
import path from "node:path";
import { DEMO } from "@adsgraph/ads-api";
import { approveAndReadPin, startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { ApiResponseError, TwitterApi, TwitterV2IncludesHelper } from "twitter-api-v2";
import type { Tweetv2FieldsParams, TwitterApiTokens } from "twitter-api-v2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpsFetch } from "../support/https-fetch.js";
import { mapVendorUrl, vendorHostsPlugin } from "./twitter-api-v2-plugin.js";

const APP = { appKey: DEMO.app.consumerKey, appSecret: DEMO.app.consumerSecret };
/** A bench account of the demo user: campaigns to page through, posts with media to look up. */
const BENCH = "tav2";
const CAMPAIGNS = 25;

/** A self-signed certificate for 127.0.0.1, valid for a day, in a fresh folder. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const files = { cert: path.join(dir, "cert.pem"), key: path.join(dir, "key.pem") };
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", files.key, "-out", files.cert],
    ],
    { stdio: "ignore" },
  );
  return files;
}

/** The refusal twitter-api-v2 threw: HTTP status and the service's first error code. */
async function refusalOf(call: Promise<unknown>): Promise<{ status: number; code: unknown }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    const first = error.errors?.[0];
    return {
      status: error.code,
      code: first !== undefined && "code" in first ? first.code : undefined,
    };
  }
  throw new Error("the call succeeded");
}

describe("twitter-api-v2 against ads-api (issue 33)", () => {
  let dir: string;
  let api: StartedAdsApi;
  let agent: Agent;
  /** A client of the package with the plugin and the agent trusting the run's certificate. */
  let client: (tokens: TwitterApiTokens) => TwitterApi;
  /** The demo user's client, signed in with the seeded access token. */
  let demo: TwitterApi;

  /** The bench account's published posts (`tweets` → `posts`, `tweet_type` → `post_type`). */
  async function benchPostIds(): Promise<string[]> {
    const posts = await demo.ads.sandbox.get<{ data: { id: string }[] }>(
      `accounts/${BENCH}/tweets`,
      { tweet_type: "PUBLISHED" },
    );
    const ids = posts.data.map((post) => post.id);
    expect(ids.length).toBeGreaterThan(0);
    return ids;
  }

  /** The user opens the client's authorize link in a browser (on ads-api's base host), approves. */
  const approve = (link: { url: string }) =>
    approveAndReadPin(mapVendorUrl(link.url, api.urls), DEMO.user, { fetch: httpsFetch(agent) });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "adsgraph-twitter-api-v2-"));
    const tls = makeCertificate(dir);
    api = await startAdsApi({
      name: "twitterapiv2",
      tls,
      hosts: {
        base: "https://127.0.0.1:0",
        ads: "https://127.0.0.1:0",
        "ads-sandbox": "https://127.0.0.1:0",
      },
    });
    await api.seedBench({ accountId: BENCH, campaigns: CAMPAIGNS, posts: 3 });
    agent = new Agent({ ca: readFileSync(tls.cert) });
    const settings = { httpAgent: agent, plugins: [vendorHostsPlugin(api.urls)] };
    client = (tokens) => new TwitterApi(tokens, settings);
    demo = client({
      ...APP,
      accessToken: DEMO.accessToken.token,
      accessSecret: DEMO.accessToken.secret,
    });
  });
  afterAll(async () => {
    agent.destroy();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("signs in by PIN: generateAuthLink('oob') → the user approves → login(pin) → a working client", async () => {
    const link = await client(APP).generateAuthLink("oob");
    expect(link.oauth_callback_confirmed).toBe("true");
    const pin = await approve(link);
    const requestClient = client({
      ...APP,
      accessToken: link.oauth_token,
      accessSecret: link.oauth_token_secret,
    });
    // twitter-api-v2 sends oauth_token in the Authorization header and in the body.
    const signedIn = await requestClient.login(pin);
    expect(signedIn.userId).toBe(DEMO.user.id);
    expect(signedIn.screenName).toBe(DEMO.user.screenName);
    const accounts = await signedIn.client.ads.sandbox.get<{ data: { id: string }[] }>("accounts");
    expect(accounts.data.map((account) => account.id)).toContain(DEMO.accounts[0].id);

    // The same PIN again: the request token was used (spec §4.1).
    expect(await refusalOf(requestClient.login(pin))).toEqual({ status: 401, code: 89 });

    // The new user client posts through POST /2/tweets (JSON body) → /2/posts.
    const posted = await signedIn.client.v2.tweet("Hello from twitter-api-v2");
    expect(posted.data.text).toBe("Hello from twitter-api-v2");
    expect(posted.data.id).toMatch(/^\d+$/);
  });

  it("asks for read access (x_auth_access_type → svc_auth_access_type): writes are then refused", async () => {
    const link = await client(APP).generateAuthLink("oob", { authAccessType: "read" });
    const { client: reader } = await client({
      ...APP,
      accessToken: link.oauth_token,
      accessSecret: link.oauth_token_secret,
    }).login(await approve(link));
    const accounts = await reader.ads.sandbox.get<{ data: { id: string }[] }>("accounts");
    expect(accounts.data.length).toBeGreaterThan(0);
    // spec §4.1: svc_auth_access_type lowers the token's access; a write is 403 code 261.
    const write = reader.ads.sandbox.put(`accounts/${BENCH}`, { name: "renamed by a reader" });
    expect(await refusalOf(write)).toEqual({ status: 403, code: 261 });
  });

  it("invalidates a user token through /1.1/oauth/invalidate_token; it is then refused with 89", async () => {
    const link = await client(APP).generateAuthLink("oob");
    const pin = await approve(link);
    const { client: user, accessToken } = await client({
      ...APP,
      accessToken: link.oauth_token,
      accessSecret: link.oauth_token_secret,
    }).login(pin);
    const answer = await user.post<{ access_token: string }>(
      "https://api.x.com/1.1/oauth/invalidate_token",
    );
    expect(answer.access_token).toBe(accessToken);
    expect(await refusalOf(user.ads.sandbox.get("accounts"))).toEqual({ status: 401, code: 89 });
  });

  it("reads /2/posts with the app-only bearer: fields, expansions, includes, rate-limit headers", async () => {
    const ids = await benchPostIds();

    const app = await client(APP).appLogin();
    const result = await app.v2.tweets(ids, {
      "tweet.fields": ["attachments", "author_id", "created_at"],
      expansions: ["attachments.media_keys"],
      "media.fields": ["duration_ms", "width"],
    });
    expect(result.data.map((post) => post.id).sort()).toEqual([...ids].sort());
    const includes = new TwitterV2IncludesHelper(result);
    for (const post of result.data) {
      expect(post.author_id).toBeDefined();
      const media = includes.medias(post);
      expect(media.length).toBe(post.attachments?.media_keys?.length ?? 0);
      expect(media.length).toBeGreaterThan(0);
      for (const medium of media) expect(medium.width).toBeGreaterThan(0);
    }

    const full = await app.v2.get("tweets", { ids: ids.join(",") }, { fullResponse: true });
    expect(full.rateLimit?.limit).toBeGreaterThan(0);
    expect(full.rateLimit?.remaining).toBeLessThan(full.rateLimit?.limit ?? 0);
    expect(full.rateLimit?.reset).toBeGreaterThan(Date.now() / 1000 - 1);
  });

  it("reads one post with v2.singleTweet (GET /2/tweets/:id → /2/posts/:id): fields, expansions, a missing one", async () => {
    const ids = await benchPostIds();
    const app = await client(APP).appLogin();
    const [first] = ids;
    if (first === undefined) throw new Error("no bench post");
    const single = await app.v2.singleTweet(first, {
      "tweet.fields": ["attachments", "author_id", "created_at"],
      expansions: ["attachments.media_keys", "author_id"],
      "media.fields": ["width", "type"],
      "user.fields": ["created_at"],
    });
    expect(single.data).toMatchObject({ id: first, author_id: DEMO.user.id });
    expect(single.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const includes = new TwitterV2IncludesHelper(single);
    const media = includes.medias(single.data);
    expect(media.length).toBe(single.data.attachments?.media_keys?.length ?? 0);
    expect(media.length).toBeGreaterThan(0);
    for (const medium of media) expect(medium.width).toBeGreaterThan(0);
    expect(includes.author(single.data)).toMatchObject({
      id: DEMO.user.id,
      username: DEMO.user.screenName,
    });
    expect(includes.author(single.data)?.created_at).toBeDefined();
    // The same post as the list lookup answers it.
    const listed = await app.v2.tweets([first], {
      "tweet.fields": ["attachments", "author_id", "created_at"],
    });
    expect(listed.data[0]).toEqual(single.data);

    // A post that does not exist: 200 with the vendor's `errors` item and no `data`.
    const missing = await app.v2.singleTweet("1");
    expect(missing.data).toBeUndefined();
    expect(missing.errors).toMatchObject([
      { title: "Not Found Error", parameter: "id", resource_id: "1", value: "1" },
    ]);
  });

  it("reads posts as the signed-in user (OAuth 1.0a user context) with v2.tweets and v2.singleTweet", async () => {
    const ids = await benchPostIds();
    const fields = {
      "tweet.fields": ["author_id", "created_at"],
      expansions: ["author_id"],
    } satisfies Partial<Tweetv2FieldsParams>;
    const asUser = await demo.v2.tweets(ids, fields);
    expect(asUser.data.map((post) => post.id).sort()).toEqual([...ids].sort());
    expect(asUser.includes?.users?.map((user) => user.id)).toEqual([DEMO.user.id]);
    // The same answer the app-only bearer gets: posts are public.
    const app = await client(APP).appLogin();
    expect(await app.v2.tweets(ids, fields)).toEqual(asUser);
    const [first] = ids;
    if (first === undefined) throw new Error("no bench post");
    const single = await demo.v2.singleTweet(first, fields);
    expect(single.data).toEqual(asUser.data.find((post) => post.id === first));
    // Counted against the user's token (x-rate-limit-* of its own).
    const full = await demo.v2.get("tweets", { ids: ids.join(",") }, { fullResponse: true });
    expect(full.rateLimit?.limit).toBeGreaterThan(0);
    expect(full.rateLimit?.remaining).toBeLessThan(full.rateLimit?.limit ?? 0);
  });

  it("invalidates the bearer token through /oauth2/invalidate_token; it is then refused", async () => {
    const app = await client(APP).appLogin();
    const bearer = app.getActiveTokens();
    if (bearer.type !== "oauth2") throw new Error("appLogin gave no bearer token");
    const answer = await demo.post<{ access_token: string }>(
      "https://api.x.com/oauth2/invalidate_token",
      { access_token: bearer.bearerToken },
    );
    expect(answer.access_token).toBe(bearer.bearerToken);
    expect(await refusalOf(app.v2.tweets(["1"]))).toEqual({ status: 401, code: 89 });
    // A new bearer token works (spec §4.1: a new call yields a different token).
    const again = await client(APP).appLogin();
    const next = again.getActiveTokens();
    expect(next.type === "oauth2" && next.bearerToken).not.toBe(bearer.bearerToken);
  });

  it("pages through campaigns with count and next_cursor on the sandbox ads host", async () => {
    interface Page {
      data: { id: string }[];
      next_cursor: string | null;
      total_count?: number;
    }
    const first = await demo.ads.sandbox.get<Page>(
      `accounts/${BENCH}/campaigns`,
      { count: 10, with_total_count: true },
      { fullResponse: true },
    );
    expect(first.data.total_count).toBe(CAMPAIGNS);
    expect(first.rateLimit?.limit).toBeGreaterThan(0);
    const ids = first.data.data.map((campaign) => campaign.id);
    let cursor = first.data.next_cursor;
    while (cursor !== null) {
      const page = await demo.ads.sandbox.get<Page>(`accounts/${BENCH}/campaigns`, {
        count: 10,
        cursor,
      });
      ids.push(...page.data.map((campaign) => campaign.id));
      cursor = page.next_cursor;
    }
    expect(ids).toHaveLength(CAMPAIGNS);
    expect(new Set(ids).size).toBe(CAMPAIGNS);
  });
});
