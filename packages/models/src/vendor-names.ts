/**
 * The vendor's payloads use its old word for a post ("tweet"); the spec writes "post"
 * (spec preamble). Keys are renamed here, at the edge, and nowhere else; values are never
 * touched (`data_type: "promoted_tweet"`, `product_type: "PROMOTED_TWEETS"` stay).
 */
export const VENDOR_KEY_ALIASES: Readonly<Record<string, string>> = {
  tweet_id: "post_id",
  tweet_ids: "post_ids",
  tweet_type: "post_type",
  tweet_mode: "post_mode",
  tweet_volume: "post_volume",
  promoted_tweet_id: "promoted_post_id",
  promoted_tweet_ids: "promoted_post_ids",
  tweeted: "posted",
  ready_to_tweet: "ready_to_post",
  retweet_count: "repost_count",
  retweeted: "reposted",
  retweets: "reposts",
  tweets_send: "posts_send",
  first_cta_tweet: "first_cta_post",
  second_cta_tweet: "second_cta_post",
  third_cta_tweet: "third_cta_post",
  fourth_cta_tweet: "fourth_cta_post",
};

const SPEC_KEY_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(VENDOR_KEY_ALIASES).map(([vendor, spec]) => [spec, vendor]),
);

function renameKeys(value: unknown, aliases: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, aliases));
  if (typeof value !== "object" || value === null) return value;
  const source = value as Record<string, unknown>;
  // Own names only (a key such as `constructor` is not an alias), and entries rather than
  // assignment, so a `__proto__` key stays a key and never becomes the prototype.
  const entries = Object.entries(source).map(([key, inner]) => {
    const renamed = Object.hasOwn(aliases, key) ? aliases[key] : undefined;
    // A payload that already carries the target key keeps both as they are: never overwrite data.
    const target = renamed !== undefined && !Object.hasOwn(source, renamed) ? renamed : key;
    return [target, renameKeys(inner, aliases)] as const;
  });
  return Object.fromEntries(entries);
}

/** Vendor JSON → spec names (deep, keys only). */
export function fromVendor(payload: unknown): unknown {
  return renameKeys(payload, VENDOR_KEY_ALIASES);
}

/** Spec names → vendor JSON; `toVendor(fromVendor(x))` equals `x`. */
export function toVendor(payload: unknown): unknown {
  return renameKeys(payload, SPEC_KEY_ALIASES);
}
