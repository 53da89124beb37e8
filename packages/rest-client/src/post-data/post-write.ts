import type { DataPostCreateResult } from "@adsgraph/models";
import type { RestClient } from "../client/client.js";
import type { CallOptions } from "../core/config.js";
import type { ParamsOf } from "../core/call-types.js";

type CreateParams = ParamsOf<"post_data.posts.create">;

/** A new post, a reply (`reply.in_reply_to_post_id`) or a quote (`quote_post_id`); no edit. */
export type NewPost = Omit<CreateParams, "edit_options">;

/** spec §4.9: an edit replaces text and media; what a post answers, quotes or shares stays. */
export type PostEdit = Pick<CreateParams, "text" | "media">;

/**
 * Creates a post through `post_data.posts.create` (spec §4.9 POST /2/posts, user context, JSON
 * body). The type leaves `edit_options` out: edits go through `editPost`.
 */
export function createPost(
  client: RestClient,
  post: NewPost,
  options?: CallOptions,
): Promise<DataPostCreateResult> {
  return client.call("post_data.posts.create", post, options);
}

/**
 * Edits one's own post, created within the hour (premium; spec §4.9), as
 * `edit_options.previous_post_id`: the answer is the new version, `edit_history_post_ids`
 * naming every version. The type takes text and media only, which is all an edit may change.
 */
export function editPost(
  client: RestClient,
  previousPostId: string,
  edit: PostEdit,
  options?: CallOptions,
): Promise<DataPostCreateResult> {
  return client.call(
    "post_data.posts.create",
    { ...edit, edit_options: { previous_post_id: previousPostId } },
    options,
  );
}
