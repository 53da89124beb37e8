import { builder } from "../../builder.js";
import { historyField } from "../common/history.js";
import { MediaCreativeRef } from "../creatives/media-creative.js";
import { PromotedAccountRef } from "../accounts/promoted-account.js";
import { PromotedPostRef } from "../creatives/promoted-post.js";
import { TrackingTagRef } from "../creatives/tracking-tag.js";

// Snapshot versions of the §4.6 attachments, under the resource types the snapshot middleware
// records their reads and writes as (entityTypeOf: `media_creatives.list` → media_creative).
builder.objectField(MediaCreativeRef, "history", (t) =>
  t.connection(historyField(() => "media_creative")),
);
builder.objectField(PromotedAccountRef, "history", (t) =>
  t.connection(historyField(() => "promoted_account")),
);
builder.objectField(PromotedPostRef, "history", (t) =>
  t.connection(historyField(() => "promoted_post")),
);
builder.objectField(TrackingTagRef, "history", (t) =>
  t.connection(historyField(() => "tracking_tag")),
);
