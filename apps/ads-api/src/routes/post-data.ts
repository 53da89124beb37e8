import { userOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { createDataPost } from "../services/post-data-create.js";
import { getPost, lookupPosts } from "../services/post-data-lookup.js";
import { raw } from "../services/results.js";

/**
 * spec §4.9 post-data API v2 on `{base_url}`: plain JSON answers (no §2.1 envelope). Reads
 * take the app-only bearer token or user context, and answer both alike (public posts); a post
 * has an author, so create takes user context.
 */
export const postDataHandlers: AdsHandlers = {
  "post_data.posts.lookup": async ({ ctx, params }) =>
    raw(await lookupPosts(ctx.prisma, ctx.clock(), params)),
  // Beyond the spec: the vendor's GET /2/tweets/:id.
  "post_data.posts.get": async ({ ctx, params }) =>
    raw(await getPost(ctx.prisma, ctx.clock(), params)),
  "post_data.posts.create": async (call) =>
    raw({ data: await createDataPost(call.ctx, userOf(call).user, call.params) }, 201),
};
