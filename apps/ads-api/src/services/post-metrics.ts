import { createHash } from "node:crypto";

/**
 * Public metrics of a post (spec §2.12 `public_metrics`) and view counts of its media. This
 * service has no audience, so the counts are synthetic: a pure function of the post's id, its
 * publication time and the service clock. The same post answers the same counts at the same
 * moment on every replica, and they grow as time passes, so a client can tell a fresh answer
 * from a stale one. Drafts and scheduled posts have not been seen by anyone: all zero.
 */
export interface PublicMetrics {
  readonly repost_count: number;
  readonly reply_count: number;
  readonly like_count: number;
  readonly quote_count: number;
}

const ZERO: PublicMetrics = { repost_count: 0, reply_count: 0, like_count: 0, quote_count: 0 };
const MINUTE_MS = 60_000;

/** Four rates in [0, 1) drawn from the digest of `seed`. */
function ratesOf(seed: string): [number, number, number, number] {
  const digest = createHash("sha256").update(seed).digest();
  const rate = (offset: number) => digest.readUInt32BE(offset) / 4_294_967_296;
  return [rate(0), rate(4), rate(8), rate(12)];
}

/** Grows without bound but slower than linearly: about `scale` × minutes^0.75. */
function grown(rate: number, scale: number, minutes: number): number {
  return Math.floor(rate * scale * minutes ** 0.75);
}

function minutesSince(publishedAt: Date, now: Date): number {
  return Math.max(0, (now.getTime() - publishedAt.getTime()) / MINUTE_MS);
}

export function publicMetricsOf(
  post: { readonly id: string; readonly postType: string; readonly createdAt: Date },
  now: Date,
): PublicMetrics {
  if (post.postType !== "PUBLISHED") return ZERO;
  const minutes = minutesSince(post.createdAt, now);
  const [likes, reposts, replies, quotes] = ratesOf(post.id);
  return {
    like_count: grown(likes, 4, minutes),
    repost_count: grown(reposts, 1, minutes),
    reply_count: grown(replies, 0.5, minutes),
    quote_count: grown(quotes, 0.25, minutes),
  };
}

/**
 * spec §2.12 media `public_metrics.view_count`: views of one medium since it was uploaded, one
 * count however many posts carry it (and at a constant cost per medium, whatever their number).
 */
export function viewCountOf(mediaKey: string, uploadedAt: Date, now: Date): number {
  const [views] = ratesOf(`media/${mediaKey}`);
  return grown(views, 20, minutesSince(uploadedAt, now));
}
