import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf } from "../services/results.js";
import { listPromotedPosts, presentPromotedPost } from "../services/promoted-posts.js";

/** spec §4.6 promoted posts: a list only (creation is not shown; the seed makes them). */
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
};
