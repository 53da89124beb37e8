import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import {
  createMediaCreative,
  deleteMediaCreative,
  getMediaCreative,
  listMediaCreatives,
  presentMediaCreative,
} from "../services/media-creatives.js";

/** spec §4.6 media creatives. */
export const mediaCreativeHandlers: AdsHandlers = {
  "media_creatives.list": async (call) =>
    cacheable(
      listOf(
        await listMediaCreatives(call.ctx, accountOf(call).id, call.params),
        presentMediaCreative,
        "media_creative",
      ),
    ),
  "media_creatives.get": async (call) => {
    const { media_creative_id: id, with_deleted: withDeleted } = call.params;
    const row = await getMediaCreative(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentMediaCreative(row), "media_creative");
  },
  "media_creatives.create": async (call) => {
    const row = await createMediaCreative(call.ctx, accountOf(call).id, call.params);
    return single(presentMediaCreative(row), "media_creative");
  },
  "media_creatives.delete": async (call) => {
    const id = call.params.media_creative_id;
    const row = await deleteMediaCreative(call.ctx, accountOf(call).id, id);
    return single(presentMediaCreative(row), "media_creative");
  },
};
