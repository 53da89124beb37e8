import { accountOf, userOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import type { AppContext } from "../context.js";
import type { Post } from "../generated/prisma/client.js";
import {
  presentAdsPost,
  presentDraft,
  presentScheduledPost,
} from "../services/ads-post-present.js";
import type { AdsPostView } from "../services/ads-post-present.js";
import { deleteDraft, previewDraft, updateDraft } from "../services/drafts.js";
import { postPreviews } from "../services/post-previews.js";
import { createAccountPost, renamePost } from "../services/post-writes.js";
import { authorsOf, listAccountPosts } from "../services/posts.js";
import { collection, single } from "../services/results.js";
import { deleteScheduledPost, updateScheduledPost } from "../services/scheduled-posts.js";

type ShownPost = ReturnType<typeof presentAdsPost>;

/** Posts with their authors and the users they answer (one query), in the advertising API's shape. */
async function presented(
  ctx: AppContext,
  posts: readonly Post[],
  view: AdsPostView,
): Promise<ShownPost[]> {
  const authors = await authorsOf(ctx.prisma, posts);
  const now = ctx.clock();
  return posts.map((post) => presentAdsPost(post, authors, now, view));
}

/** One post, as `presented` shows it. */
async function presentedOne(ctx: AppContext, post: Post, view: AdsPostView): Promise<ShownPost> {
  return presentAdsPost(post, await authorsOf(ctx.prisma, [post]), ctx.clock(), view);
}

/**
 * spec §4.7 posts, drafts, scheduled posts and previews, over the one post store. Not cached
 * (`cacheable`): public metrics move with the clock, and scheduled posts publish themselves.
 */
export const postHandlers: AdsHandlers = {
  "posts.list": async (call) => {
    const page = await listAccountPosts(call.ctx, accountOf(call), call.params);
    const view = { trimUser: call.params.trim_user, conversationSettings: true };
    return {
      kind: "list",
      data: await presented(call.ctx, page.rows, view),
      nextCursor: page.nextCursor,
      dataType: "post",
    };
  },
  "posts.create": async (call) => {
    const post = await createAccountPost(
      call.ctx,
      accountOf(call),
      userOf(call).user.id,
      call.params,
    );
    const shown = await presentedOne(call.ctx, post, {
      trimUser: call.params.trim_user,
      compat: call.params.post_mode === "compat",
      // spec §4.7: absent from the create response, present on reads.
      conversationSettings: false,
    });
    return single(shown, "post");
  },
  "posts.name.update": async (call) => {
    const { post_id: id, name } = call.params;
    const post = await renamePost(call.ctx, accountOf(call), id, name);
    const shown = await presentedOne(call.ctx, post, { conversationSettings: true });
    return single(shown, "post");
  },
  "draft_posts.update": async (call) => {
    const { draft_post_id: id, account_id: _account, ...edit } = call.params;
    const draft = await updateDraft(call.ctx, accountOf(call).id, id, edit);
    return single(presentDraft(draft), "draft_post");
  },
  "draft_posts.delete": async (call) => {
    const draft = await deleteDraft(call.ctx, accountOf(call).id, call.params.draft_post_id);
    return single({ ...presentDraft(draft), status: "DELETED" }, "draft_post");
  },
  "draft_posts.preview": async (call) => {
    const caller = userOf(call).user;
    const id = call.params.draft_post_id;
    return single(await previewDraft(call.ctx, accountOf(call).id, id, caller.screenName));
  },
  "scheduled_posts.update": async (call) => {
    const { scheduled_post_id: id, account_id: _account, ...edit } = call.params;
    const post = await updateScheduledPost(call.ctx, accountOf(call).id, id, edit);
    return single(presentScheduledPost(post), "scheduled_post");
  },
  "scheduled_posts.delete": async (call) => {
    const id = call.params.scheduled_post_id;
    const post = await deleteScheduledPost(call.ctx, accountOf(call).id, id);
    return single(presentScheduledPost(post, "DELETED"), "scheduled_post");
  },
  "post_previews.list": async (call) => {
    const { post_ids: ids, post_type: type } = call.params;
    return collection(await postPreviews(call.ctx, accountOf(call), ids, type), "post_previews");
  },
};
