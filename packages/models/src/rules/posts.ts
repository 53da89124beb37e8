import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent } from "./context.js";

/** spec §4.7 POST post: text is required when there are no media_keys. */
export const textUnlessMedia: Rule = (params, ctx) => {
  const media = params.media_keys;
  const hasMedia = Array.isArray(media) ? media.length > 0 : isPresent(media);
  if (!hasMedia && !isPresent(params.text)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["text"],
      "text is required when media_keys is absent",
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
