import { ruleIssue } from "../fields/issue.js";
import { formatTimestamp, parseTimestamp } from "../timestamp.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent, isRecord } from "./context.js";

function hasItems(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : isPresent(value);
}

/** spec §4.7 POST post: text is required when there are no media_keys. */
export const textUnlessMedia: Rule = (params, ctx) => {
  if (!hasItems(params.media_keys) && !isPresent(params.text)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["text"],
      "text is required when media_keys is absent",
    );
  }
};

/**
 * spec §4.7 POST post: `video_cta` is the call to action and `video_cta_value` where it leads;
 * one without the other says nothing a viewer can use.
 */
export const videoCtaPair: Rule = (params, ctx) => {
  const cta = isPresent(params.video_cta);
  const value = isPresent(params.video_cta_value);
  if (cta && !value) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["video_cta_value"],
      "video_cta_value is required when video_cta is set",
    );
  } else if (value && !cta) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["video_cta"],
      "video_cta is required when video_cta_value is set",
    );
  }
};

/** spec §4.9: share_with_followers broadcasts a community post, so it needs community_id. */
export const shareNeedsCommunity: Rule = (params, ctx) => {
  if (params.share_with_followers === true && !isPresent(params.community_id)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["community_id"],
      "community_id is required when share_with_followers is true",
    );
  }
};

/** spec §4.9 POST /2/posts: a post says something: text, media, or both. */
export const textOrMedia: Rule = (params, ctx) => {
  const media = isRecord(params.media) ? params.media.media_ids : undefined;
  if (!isPresent(params.text) && !hasItems(media)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["text"],
      "text is required when media.media_ids is absent",
    );
  }
};

/**
 * spec §4.9 edits: an edit replaces the post's text and media; what the post answers or quotes,
 * and where it is shared, were fixed when it was created.
 */
export const editKeepsLinks: Rule = (params, ctx) => {
  if (!isRecord(params.edit_options)) return;
  for (const name of ["reply", "quote_post_id", "community_id", "share_with_followers"]) {
    if (isPresent(params[name])) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.CONFLICTING_PARAMETERS,
        [name],
        `${name} cannot be changed by an edit (edit_options): an edit replaces text and media only`,
      );
    }
  }
};

/**
 * spec §4.7 draft and scheduled-post updates: an empty text and an empty media_keys in one
 * request leave the post with nothing to say, whatever it held before (a card alone is not a
 * post). Removing one of them is a question of what the post still holds: the server's.
 */
export const keepsTextOrMedia: Rule = (params, ctx) => {
  const media = params.media_keys;
  const clearsMedia = media === "" || (Array.isArray(media) && media.length === 0);
  if (params.text === "" && clearsMedia) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["text"],
      "text: a post needs text or media; this update removes both (an empty text and an empty media_keys)",
    );
  }
};

/**
 * spec §4.7 scheduled posts: `scheduled_at` is when the post will be published, so it lies
 * ahead of now (the service's clock on the server, the caller's in a client).
 */
export const scheduledAtAhead: Rule = (params, ctx, context) => {
  const at = typeof params.scheduled_at === "string" ? parseTimestamp(params.scheduled_at) : null;
  if (at !== null && at.getTime() <= context.now().getTime()) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      ["scheduled_at"],
      `scheduled_at must be in the future (got ${String(params.scheduled_at)}, now is ${formatTimestamp(context.now())})`,
    );
  }
};

const VIDEO_FIELDS = ["video_cta", "video_cta_value", "video_title", "video_description"] as const;

/**
 * spec §4.7 POST post: the video fields describe the post's video, so they need media_keys
 * holding one. Without media_keys (or with media the caller's resolver knows are no video) the
 * request is refused here; media of unknown kind are the server's to look up.
 */
export const videoFieldsNeedVideo: Rule = (params, ctx, context) => {
  const given = VIDEO_FIELDS.filter((name) => isPresent(params[name]));
  if (given.length === 0) return;
  const media = Array.isArray(params.media_keys) ? params.media_keys : [];
  const kinds = media.map((key) => (typeof key === "string" ? context.mediaKind(key) : undefined));
  const noVideo = kinds.every((kind) => kind !== undefined && kind !== "video");
  if (!noVideo) return;
  for (const name of given) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      [name],
      media.length === 0
        ? `${name} applies to a video post: media_keys (holding the video) is required`
        : `${name} applies to a video post: media_keys holds no video`,
    );
  }
};
