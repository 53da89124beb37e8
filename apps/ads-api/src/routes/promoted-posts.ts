import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import {
  createPromotedPosts,
  deletePromotedPost,
  getPromotedPost,
  listPromotedPosts,
  presentPromotedPost,
} from "../services/promoted-posts.js";

/**
 * spec §4.6 promoted posts: the list; create, read and delete beyond the spec (issue 33, the
 * vendor's v12 promoted_tweets reference).
 */
export const promotedPostHandlers: AdsHandlers = {
  // Open parameters beyond the catalog's are accepted and ignored (spec: "further parameters").
  "promoted_posts.list": async (call) =>
    cacheable(
      listOf(
        await listPromotedPosts(call.ctx, accountOf(call).id, call.params),
        presentPromotedPost,
        "promoted_post",
      ),
    ),
  "promoted_posts.get": async (call) => {
    const { promoted_post_id: id, with_deleted: withDeleted } = call.params;
    const row = await getPromotedPost(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentPromotedPost(row), "promoted_post");
  },
  // The recorded answer (promoted_tweets_attach.json) is a list of the request's promoted posts.
  "promoted_posts.create": async (call) => {
    const rows = await createPromotedPosts(call.ctx, accountOf(call), call.params);
    return listOf(
      { rows, nextCursor: null, totalCount: rows.length },
      presentPromotedPost,
      "promoted_post",
    );
  },
  "promoted_posts.delete": async (call) => {
    const id = call.params.promoted_post_id;
    const row = await deletePromotedPost(call.ctx, accountOf(call).id, id);
    return single(presentPromotedPost(row), "promoted_post");
  },
};
