// A twitter-api-v2 plugin (its documented `plugins` setting, hook `onBeforeRequestConfig`) that
// sends the client's requests to a local ads-api instead of the real service: the host, and the
// vendor's words where the spec uses neutral ones. Nothing else of the client is changed.
//
// Vendor word → spec word:
// - hosts: `api.x.com` / `api.twitter.com` → the base host (credentials, `/2`, `/1.1`);
//   `ads-api.x.com` / `ads-api.twitter.com` → the ads host; `ads-api-sandbox.twitter.com` /
//   `ads-api-sandbox.x.com` → the ads-sandbox host;
// - version segments: `/12/` (ads), `/2/` (post-data) and `/1.1/` (invalidate_token) are the
//   spec's own (§9), so they pass unchanged;
// - `tweet` → `post` and `tweets` → `posts` in path segments and parameter names, as whole words
//   between `_`, `.` or `/` (`/2/tweets` → `/2/posts`, `promoted_tweets` → `promoted_posts`,
//   `tweet.fields` → `post.fields`, `tweet_ids` → `post_ids`, `tweet_type` → `post_type`);
// - the `x_` prefix → `svc_` on parameter names (`x_auth_access_type` → `svc_auth_access_type`).
// Parameter values and answers are not rewritten: values such as the `referenced_tweets.id`
// expansion are the spec's own spelling (§4.9 keeps the vendor's field names). One consequence
// of moving hosts is handled in `onAfterRequest`: the client decodes form answers (request and
// access tokens) by their URL (`https://api.x.com/oauth/`), no longer the URL here, so the
// plugin decodes them by their content type.
import type { HostRole } from "@adsgraph/models";
import { TwitterApiPluginResponseOverride } from "twitter-api-v2";
import type { ITwitterApiClientPlugin } from "twitter-api-v2";

const VENDOR_HOSTS: Readonly<Record<string, HostRole>> = {
  "api.x.com": "base",
  "api.twitter.com": "base",
  "ads-api.x.com": "ads",
  "ads-api.twitter.com": "ads",
  "ads-api-sandbox.twitter.com": "ads-sandbox",
  "ads-api-sandbox.x.com": "ads-sandbox",
};

/** `tweet`/`tweets` as a whole word of a name or path (between `_`, `.`, `/` or the ends). */
const TWEET_WORD = /(^|[_./])tweet(s?)(?=$|[_./])/g;

/** A vendor parameter name in the spec's words. */
export function specName(name: string): string {
  return name.replace(/^x_/, "svc_").replace(TWEET_WORD, "$1post$2");
}

function renamed<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [specName(name), value]));
}

/** A vendor URL (an API call or the authorize page a browser opens) on ads-api's hosts. */
export function mapVendorUrl(vendorUrl: string, hosts: Readonly<Record<HostRole, string>>): string {
  const url = new URL(vendorUrl);
  const role = VENDOR_HOSTS[url.hostname];
  if (role === undefined) throw new Error(`no ads-api host for ${url.hostname}`);
  const target = new URL(hosts[role]);
  const search = new URLSearchParams(
    [...url.searchParams].map(([name, value]): [string, string] => [specName(name), value]),
  ).toString();
  // The path is kept as text: twitter-api-v2 fills `:id` placeholders after this hook.
  return `${target.origin}${url.pathname.replace(TWEET_WORD, "$1post$2")}${search === "" ? "" : `?${search}`}`;
}

/** The plugin: every request of the client goes to `hosts`, in the spec's words. */
export function vendorHostsPlugin(
  hosts: Readonly<Record<HostRole, string>>,
): ITwitterApiClientPlugin {
  return {
    onBeforeRequestConfig({ params }) {
      params.url = mapVendorUrl(params.url, hosts);
      if (params.query !== undefined) params.query = renamed(params.query);
      // A form or JSON object's names; a batch's JSON array is left as it is.
      const body: unknown = params.body;
      if (
        typeof body === "object" &&
        body !== null &&
        !Buffer.isBuffer(body) &&
        !Array.isArray(body)
      ) {
        params.body = renamed(body as Record<string, unknown>);
      }
    },
    onAfterRequest({ response }) {
      const type = response.headers["content-type"];
      if (
        typeof response.data !== "string" ||
        !type?.startsWith("application/x-www-form-urlencoded")
      ) {
        return undefined;
      }
      const data = Object.fromEntries(new URLSearchParams(response.data));
      return new TwitterApiPluginResponseOverride({ ...response, data });
    },
  };
}
