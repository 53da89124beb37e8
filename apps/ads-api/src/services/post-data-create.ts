import { LIMITS, VIOLATION_CODES } from "@adsgraph/models";
import type { DataPostCreateResult } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db, Tx } from "../db/database.js";
import { BadRequestError, ERROR_CODES, ForbiddenError } from "../errors.js";
import type { Post, User } from "../generated/prisma/client.js";
import { checkPostMedia } from "./post-attachments.js";
import { readablePosts } from "./post-data-lookup.js";
import { editHistoryOf, entitiesOf, insertPost } from "./post-store.js";
import type { Presented } from "./presented.js";
import { ts } from "./time.js";

/**
 * POST /2/posts (spec §4.9): an organic published post by the caller, a reply, a quote, or a
 * new version of one of the caller's posts (an edit). Every rule is checked inside one
 * transaction before the post is written, so a refusal writes nothing.
 */
export interface CreateRequest {
  readonly text?: string | undefined;
  readonly media?: { readonly media_ids: readonly string[] } | undefined;
  readonly reply?: { readonly in_reply_to_post_id: string } | undefined;
  readonly quote_post_id?: string | undefined;
  readonly community_id?: string | undefined;
  readonly share_with_followers?: boolean | undefined;
  readonly edit_options?: { readonly previous_post_id: string } | undefined;
}

/** What POST /2/posts answers under `data` (it always has the text and edit history). */
export type CreatedPost = Required<Presented<DataPostCreateResult["data"]>>;

const REPLY = "reply.in_reply_to_post_id";
const QUOTE = "quote_post_id";
const EDIT = "edit_options.previous_post_id";
const MEDIA = "media.media_ids";
const HOUR_MS = 3_600_000;

/** Media key prefixes by kind (spec §2.6 `<digits>_<digits>`): 3 images, 13 videos, 16 GIFs. */
const MEDIA_KEY_PREFIXES = ["3", "13", "16"] as const;

export async function createDataPost(
  ctx: AppContext,
  author: User,
  request: CreateRequest,
): Promise<CreatedPost> {
  return ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock();
    const editOf =
      request.edit_options === undefined
        ? undefined
        : await editablePost(tx, author, request.edit_options.previous_post_id, now);
    const mediaKeys = await mediaOf(tx, author.id, request.media?.media_ids ?? []);
    const quoted =
      request.quote_post_id === undefined
        ? undefined
        : await publishedPost(tx, request.quote_post_id, QUOTE);
    const inReplyTo =
      request.reply === undefined
        ? undefined
        : await repliablePost(tx, author.id, request.reply.in_reply_to_post_id);
    const post = await insertPost(tx, {
      postType: "PUBLISHED",
      authorId: author.id,
      accountId: null,
      text: request.text ?? "",
      at: now,
      mediaKeys,
      inReplyTo,
      quotedPostId: quoted?.id,
      communityId: request.community_id,
      shareWithFollowers: request.share_with_followers,
      editOf,
    });
    const history = await editHistoryOf(tx, [post.editRootId]);
    return {
      id: post.id,
      text: post.text,
      edit_history_post_ids: history.get(post.editRootId) ?? [post.id],
    };
  });
}

/** A published post by id, or a 400 naming the parameter that named it. */
async function publishedPost(db: Db, id: string, parameter: string): Promise<Post> {
  const post = (await readablePosts(db, [id])).get(id);
  if (post === undefined) {
    throw BadRequestError.of(
      VIOLATION_CODES.INVALID_PARAMETER,
      `${parameter}: ${id} names no published post`,
      parameter,
    );
  }
  return post;
}

/**
 * spec §4.9: "programmatic replies are only allowed when the original author summoned the
 * replier by mentioning or quoting it". Replying to one's own post (a thread) needs no
 * summons. A mention counts when it resolved to the replier when the original was written.
 */
async function repliablePost(db: Db, replierId: string, id: string): Promise<Post> {
  const original = await publishedPost(db, id, REPLY);
  if (original.authorId === replierId) return original;
  if (entitiesOf(original).mentions.some((mention) => mention.id === replierId)) return original;
  if (original.quotedPostId !== null) {
    const quoted = await db.post.findUnique({
      where: { id: original.quotedPostId },
      select: { authorId: true },
    });
    if (quoted?.authorId === replierId) return original;
  }
  throw new ForbiddenError(
    ERROR_CODES.REPLY_NOT_ALLOWED,
    `${REPLY}: you cannot reply to post ${id}: its author did not mention or quote you (spec §4.9: a reply needs the original author to have mentioned or quoted the replier, or to be the replier)`,
    REPLY,
  );
}

/**
 * spec §4.9, §8 edits, checked in this order: the post exists and is published (400), the
 * caller wrote it (403), the caller has premium (403), its first version is less than
 * `LIMITS.postEditWindowHours` old by the service clock (403), and it is the latest version
 * (400: an edit of an older version would fork the history).
 */
async function editablePost(tx: Tx, author: User, id: string, now: Date): Promise<Post> {
  const previous = await publishedPost(tx, id, EDIT);
  if (previous.authorId !== author.id) {
    throw new ForbiddenError(
      ERROR_CODES.NOT_POST_AUTHOR,
      `${EDIT}: post ${id} was written by another user; only its author may edit it`,
      EDIT,
    );
  }
  if (!author.premium) {
    throw new ForbiddenError(
      ERROR_CODES.PREMIUM_REQUIRED,
      `${EDIT}: editing a post needs a premium subscription, which user ${author.id} does not have`,
      EDIT,
    );
  }
  // One edit of a post at a time: the first version's row is the lock, so two concurrent edits
  // of the latest version cannot both write a successor.
  await tx.$queryRaw`SELECT 1 FROM "post" WHERE "id" = ${previous.editRootId} FOR UPDATE`;
  const first = await tx.post.findUniqueOrThrow({
    where: { id: previous.editRootId },
    select: { createdAt: true },
  });
  const closes = new Date(first.createdAt.getTime() + LIMITS.postEditWindowHours * HOUR_MS);
  if (now.getTime() >= closes.getTime()) {
    throw new ForbiddenError(
      ERROR_CODES.EDIT_WINDOW_PASSED,
      `${EDIT}: post ${id} was first published at ${ts(first.createdAt)}; it could be edited for ${LIMITS.postEditWindowHours} hour(s), until ${ts(closes)}`,
      EDIT,
    );
  }
  const versions = (await editHistoryOf(tx, [previous.editRootId])).get(previous.editRootId) ?? [];
  const latest = versions[versions.length - 1] ?? previous.id;
  if (latest !== previous.id) {
    throw BadRequestError.of(
      VIOLATION_CODES.INVALID_PARAMETER,
      `${EDIT}: post ${id} is not the latest version of its post; edit the latest version, ${latest}`,
      EDIT,
    );
  }
  return previous;
}

/**
 * The media library keys of `media.media_ids`: an id is the digits after the kind prefix of
 * a key (`3_<id>`, `13_<id>`, `16_<id>`), in any account's library; then the shared media
 * rules (owned by or shared with the author, spec §8 media per post), naming the ids sent.
 */
async function mediaOf(db: Db, authorId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const candidates = ids.flatMap((id) => MEDIA_KEY_PREFIXES.map((prefix) => `${prefix}_${id}`));
  const rows = await db.mediaLibraryObject.findMany({
    where: { mediaKey: { in: candidates }, deleted: false },
    select: { mediaKey: true },
  });
  const existing = new Set(rows.map((row) => row.mediaKey));
  // An id with no key stays as an image key, which the check then reports as not found.
  const keys = ids.map(
    (id) =>
      MEDIA_KEY_PREFIXES.map((prefix) => `${prefix}_${id}`).find((key) => existing.has(key)) ??
      `3_${id}`,
  );
  const media = await checkPostMedia(db, {
    accountId: null,
    userId: authorId,
    keys,
    parameter: MEDIA,
    shownAs: (key) => key.slice(key.indexOf("_") + 1),
  });
  return media.map((row) => row.mediaKey);
}
