import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import {
  deleteAccountMedia,
  deleteMediaLibraryObject,
  getAccountMedia,
  listAccountMedia,
  presentAccountMedia,
  presentMediaLibraryObject,
} from "../services/media.js";

/** spec §4.7 account media and media library rows. */
export const mediaHandlers: AdsHandlers = {
  "account_media.list": async (call) =>
    cacheable(
      listOf(
        await listAccountMedia(call.ctx, accountOf(call).id, call.params),
        presentAccountMedia,
        "account_media",
      ),
    ),
  "account_media.get": async (call) => {
    const { account_media_id: id, with_deleted: withDeleted } = call.params;
    const row = await getAccountMedia(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentAccountMedia(row), "account_media");
  },
  "account_media.delete": async (call) =>
    single(
      presentAccountMedia(
        await deleteAccountMedia(call.ctx, accountOf(call).id, call.params.account_media_id),
      ),
      "account_media",
    ),
  "media_library.delete": async (call) =>
    single(
      presentMediaLibraryObject(
        await deleteMediaLibraryObject(call.ctx, accountOf(call).id, call.params.media_key),
      ),
      "media_library",
    ),
};
