import { accountOf, userOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { presentDraft, presentScheduledPost } from "../services/ads-post-present.js";
import { findDraft } from "../services/drafts.js";
import {
  addToMediaLibrary,
  getMediaLibraryObject,
  listMediaLibrary,
  updateMediaLibraryObject,
} from "../services/media-library.js";
import { presentMediaLibraryObject } from "../services/media.js";
import { cacheable, listOf, single } from "../services/results.js";
import { findScheduled } from "../services/scheduled-posts.js";
import {
  createDraft,
  createScheduledPost,
  listUnpublished,
} from "../services/unpublished-posts.js";

/**
 * Beyond the spec (issue 33, the vendor's v12 reference): the media library's list, read, add
 * and update; drafts' and scheduled posts' list, read and create. The drafts and scheduled
 * posts lists are not cached: scheduled posts publish themselves as the clock moves, like the
 * posts list.
 */
export const draftAndLibraryHandlers: AdsHandlers = {
  // The account's data alone, as account_media.list: cached per account data version.
  "media_library.list": async (call) =>
    cacheable(
      listOf(
        await listMediaLibrary(call.ctx, accountOf(call).id, call.params),
        presentMediaLibraryObject,
        "media_library",
      ),
    ),
  "media_library.get": async (call) => {
    const { media_key: key, with_deleted: withDeleted } = call.params;
    const row = await getMediaLibraryObject(
      call.ctx,
      accountOf(call).id,
      key,
      withDeleted === true,
    );
    return single(presentMediaLibraryObject(row), "media_library");
  },
  "media_library.create": async (call) => {
    const row = await addToMediaLibrary(
      call.ctx,
      accountOf(call).id,
      userOf(call).user.id,
      call.params,
    );
    return single(presentMediaLibraryObject(row), "media_library");
  },
  "media_library.update": async (call) => {
    const { account_id: _account, media_key: key, ...fields } = call.params;
    const row = await updateMediaLibraryObject(call.ctx, accountOf(call).id, key, fields);
    return single(presentMediaLibraryObject(row), "media_library");
  },
  "draft_posts.list": async (call) =>
    listOf(
      await listUnpublished(call.ctx, accountOf(call), "DRAFT", call.params),
      presentDraft,
      "draft_post",
    ),
  "draft_posts.get": async (call) =>
    single(
      presentDraft(await findDraft(call.ctx, accountOf(call).id, call.params.draft_post_id)),
      "draft_post",
    ),
  "draft_posts.create": async (call) => {
    const draft = await createDraft(call.ctx, accountOf(call), userOf(call).user.id, call.params);
    return single(presentDraft(draft), "draft_post");
  },
  "scheduled_posts.list": async (call) =>
    listOf(
      await listUnpublished(call.ctx, accountOf(call), "SCHEDULED", call.params),
      (post) => presentScheduledPost(post),
      "scheduled_post",
    ),
  "scheduled_posts.get": async (call) => {
    const id = call.params.scheduled_post_id;
    const post = await findScheduled(call.ctx, accountOf(call).id, id);
    return single(presentScheduledPost(post), "scheduled_post");
  },
  "scheduled_posts.create": async (call) => {
    const user = userOf(call).user.id;
    const post = await createScheduledPost(call.ctx, accountOf(call), user, call.params);
    return single(presentScheduledPost(post), "scheduled_post");
  },
};
