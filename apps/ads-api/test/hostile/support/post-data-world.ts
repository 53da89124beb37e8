import type { AppContext } from "../../../src/context.js";
import { getOrCreateBearerToken } from "../../../src/credentials/bearer.js";
import { createMediaLibraryObject } from "../../../src/services/media-admin.js";
import { insertPost } from "../../../src/services/post-store.js";
import type { Actor } from "../../support/actors.js";

/** What the post-data API v2 calls (spec §4.9) aim at, beside the advertising world. */
export interface PostDataWorld {
  /** The admin's app's app-only bearer token, which spec §5 shows on the post-data reads. */
  readonly bearer: string;
  /** A published post of the admin (a reply to it is a thread, a quote of it is allowed). */
  readonly postId: string;
  /** The id part of an image the admin uploaded (`media.media_ids` takes it). */
  readonly mediaId: string;
}

/**
 * The admin gets premium, so an edit of a fresh post of theirs passes every edit rule (the
 * "accepted by the client" test edits fresh posts).
 */
export async function createPostDataWorld(
  ctx: AppContext,
  admin: Actor,
  accountId: string,
): Promise<PostDataWorld> {
  const app = await ctx.prisma.app.findUniqueOrThrow({ where: { id: admin.appId } });
  await ctx.prisma.user.update({ where: { id: admin.userId }, data: { premium: true } });
  const image = await createMediaLibraryObject(ctx.prisma, {
    accountId,
    mediaType: "IMAGE",
    width: 1200,
    height: 628,
    ownerUserId: admin.userId,
  });
  const post = await insertPost(ctx.prisma, {
    postType: "PUBLISHED",
    authorId: admin.userId,
    accountId: null,
    text: "Hostile target post",
    at: ctx.clock(),
  });
  return {
    bearer: await getOrCreateBearerToken(ctx, app),
    postId: post.id,
    mediaId: image.mediaKey.slice(image.mediaKey.indexOf("_") + 1),
  };
}
