import type { ConversationSetting, PostType } from "@adsgraph/models";
import type { Db } from "../db/database.js";
import { newDigitId } from "../db/ids.js";
import type { Post } from "../generated/prisma/client.js";
import { languageOf, parseEntities, resolveMentions } from "./post-entities.js";
import type { PostEntities } from "./post-entities.js";

/**
 * The post store shared by the advertising API (spec §4.7: posts, drafts, scheduled posts) and
 * the post-data API (§4.9): how a post is written, with what is derived from its text and its
 * links, and how a scheduled post becomes a published one. Presenters and rules live with each
 * API's service.
 */
export interface NewPost {
  readonly postType: PostType;
  readonly authorId: string;
  /** The ad account it is made through; null for the post-data API. */
  readonly accountId: string | null;
  readonly text: string;
  readonly at: Date;
  /** Given by the seed (fixed ids); generated otherwise. */
  readonly id?: string | undefined;
  readonly name?: string | null | undefined;
  readonly nullcast?: boolean | undefined;
  readonly cardUri?: string | null | undefined;
  readonly mediaKeys?: readonly string[] | undefined;
  readonly conversationSettings?: ConversationSetting | undefined;
  readonly videoCta?: string | null | undefined;
  readonly videoCtaValue?: string | null | undefined;
  readonly videoTitle?: string | null | undefined;
  readonly videoDescription?: string | null | undefined;
  /** The post this one answers (its author and thread are taken from it). */
  readonly inReplyTo?: Pick<Post, "id" | "authorId" | "conversationId"> | undefined;
  readonly quotedPostId?: string | undefined;
  readonly communityId?: string | undefined;
  readonly shareWithFollowers?: boolean | undefined;
  /** spec §4.9 edits: the version this one replaces (thread, links and edit root are kept). */
  readonly editOf?: Post | undefined;
  readonly scheduledAt?: Date | undefined;
}

/** What the text says, with mentions resolved to the users who have those screen names. */
export async function entitiesFor(db: Db, text: string): Promise<PostEntities> {
  const parsed = parseEntities(text);
  const names = [...new Set(parsed.mentions.map((mention) => mention.username.toLowerCase()))];
  if (names.length === 0) return parsed;
  const users = await db.user.findMany({
    where: { screenNameLower: { in: names } },
    select: { id: true, screenNameLower: true },
  });
  return resolveMentions(parsed, new Map(users.map((user) => [user.screenNameLower, user.id])));
}

/** The row's entities as written by `insertPost` / `textChange`. */
export function entitiesOf(post: Pick<Post, "entities">): PostEntities {
  const stored = post.entities as Partial<PostEntities> | null;
  return {
    mentions: stored?.mentions ?? [],
    hashtags: stored?.hashtags ?? [],
    urls: stored?.urls ?? [],
  };
}

/** The columns a new text sets: the text and what is derived from it. */
export async function textChange(
  db: Db,
  text: string,
): Promise<{ text: string; entities: object; lang: string }> {
  const entities = await entitiesFor(db, text);
  return { text, entities, lang: languageOf(text, entities) };
}

export async function insertPost(db: Db, input: NewPost): Promise<Post> {
  const id = input.id ?? newDigitId(input.at.getTime());
  const previous = input.editOf;
  const derived = await textChange(db, input.text);
  return db.post.create({
    data: {
      id,
      postType: input.postType,
      authorId: input.authorId,
      accountId: input.accountId,
      ...derived,
      name: input.name ?? null,
      nullcast: input.nullcast ?? false,
      cardUri: input.cardUri ?? null,
      mediaKeys: [...(input.mediaKeys ?? [])],
      conversationSettings: input.conversationSettings ?? "EVERYONE",
      videoCta: input.videoCta ?? null,
      videoCtaValue: input.videoCtaValue ?? null,
      videoTitle: input.videoTitle ?? null,
      videoDescription: input.videoDescription ?? null,
      conversationId: previous?.conversationId ?? input.inReplyTo?.conversationId ?? id,
      inReplyToPostId: previous?.inReplyToPostId ?? input.inReplyTo?.id ?? null,
      inReplyToUserId: previous?.inReplyToUserId ?? input.inReplyTo?.authorId ?? null,
      quotedPostId: previous?.quotedPostId ?? input.quotedPostId ?? null,
      communityId: previous?.communityId ?? input.communityId ?? null,
      shareWithFollowers: previous?.shareWithFollowers ?? input.shareWithFollowers ?? false,
      editRootId: previous?.editRootId ?? id,
      scheduledAt: input.scheduledAt ?? null,
      createdAt: input.at,
      updatedAt: input.at,
    },
  });
}

/**
 * Scheduled posts whose time has come are published: the same row (and id) becomes a PUBLISHED
 * post created at its scheduled time. Run before posts are read, so every reader sees the same
 * state at the same clock; idempotent, so concurrent readers do not conflict.
 */
export async function publishDuePosts(db: Db, now: Date): Promise<void> {
  await db.$executeRaw`UPDATE "post" SET "post_type" = 'PUBLISHED', "created_at" = "scheduled_at", "updated_at" = ${now} WHERE "post_type" = 'SCHEDULED' AND "scheduled_at" <= ${now}`;
}

/** Every version of an edited post, oldest first (spec §4.9 edits; one id when never edited). */
export async function editHistoryOf(
  db: Db,
  editRootIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (editRootIds.length === 0) return out;
  const versions = await db.post.findMany({
    where: { editRootId: { in: [...new Set(editRootIds)] }, postType: "PUBLISHED" },
    select: { id: true, editRootId: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  for (const version of versions) {
    const list = out.get(version.editRootId) ?? [];
    list.push(version.id);
    out.set(version.editRootId, list);
  }
  return out;
}
