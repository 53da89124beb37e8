import { addHistory } from "../common/history.js";
import { MediaCreativeRef } from "../creatives/media-creative.js";
import { PromotedAccountRef } from "../accounts/promoted-account.js";
import { PromotedPostRef } from "../creatives/promoted-post.js";
import { TrackingTagRef } from "../creatives/tracking-tag.js";

// Snapshot versions of the §4.6 attachments, under the resource types the snapshot middleware
// records their reads and writes as (entityTypeOf: `media_creatives.list` → media_creative).
addHistory(MediaCreativeRef, () => "media_creative");
addHistory(PromotedAccountRef, () => "promoted_account");
addHistory(PromotedPostRef, () => "promoted_post");
addHistory(TrackingTagRef, () => "tracking_tag");
