import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import {
  createTrackingTag,
  deleteTrackingTag,
  getTrackingTag,
  listTrackingTags,
  presentTrackingTag,
  updateTrackingTag,
} from "../services/tracking-tags.js";

/** spec §4.6 tracking tags. */
export const trackingTagHandlers: AdsHandlers = {
  "tracking_tags.list": async (call) =>
    cacheable(
      listOf(
        await listTrackingTags(call.ctx, accountOf(call).id, call.params),
        presentTrackingTag,
        "tracking_tag",
      ),
    ),
  "tracking_tags.get": async (call) => {
    const { tracking_tag_id: id, with_deleted: withDeleted } = call.params;
    const row = await getTrackingTag(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentTrackingTag(row), "tracking_tag");
  },
  "tracking_tags.create": async (call) => {
    const row = await createTrackingTag(call.ctx, accountOf(call).id, call.params);
    return single(presentTrackingTag(row), "tracking_tag");
  },
  "tracking_tags.update": async (call) => {
    const { tracking_tag_id: id, account_id: _account, ...params } = call.params;
    const row = await updateTrackingTag(call.ctx, accountOf(call).id, id, params);
    return single(presentTrackingTag(row), "tracking_tag");
  },
  "tracking_tags.delete": async (call) => {
    const row = await deleteTrackingTag(call.ctx, accountOf(call).id, call.params.tracking_tag_id);
    return single(presentTrackingTag(row), "tracking_tag");
  },
};
