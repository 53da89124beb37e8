import { MEDIA_FIELDS, POST_FIELDS } from "@adsgraph/models";
import type {
  DataMedia,
  DataPost,
  DataUser,
  MediaField,
  PostExpansion,
  PostField,
  PostReference,
  UserField,
} from "@adsgraph/models";
import type { MediaLibraryObject, Post, User } from "../generated/prisma/client.js";
import { entitiesOf } from "./post-store.js";
import { publicMetricsOf } from "./post-metrics.js";
import { ts } from "./time.js";

/**
 * How the post-data API v2 shows posts, media and users (spec §2.12, §4.9): `id` and `text`
 * by default, and each name of `post.fields`, `media.fields` or `user.fields` adds that field
 * and nothing else. Pure functions of the rows and the facts the lookup gathered.
 */

/** Facts about posts that are not in their own row, gathered once per answer. */
export interface PostFacts {
  /** The service clock: public metrics grow with it. */
  readonly now: Date;
  /** Every version of each edit root, oldest first (filled when edit history is asked). */
  readonly editHistory: ReadonlyMap<string, readonly string[]>;
}

type Shown = DataPost[keyof DataPost];

/**
 * One presenter per optional post field; `undefined` leaves the field out (a post without
 * media has no `attachments`, one that replies to nobody no `in_reply_to_user_id`).
 */
const POST_FIELD_VALUES: Readonly<
  Record<Exclude<PostField, "id" | "text">, (post: Post, facts: PostFacts) => Shown>
> = {
  attachments: (post) =>
    post.mediaKeys.length === 0 ? undefined : { media_keys: [...post.mediaKeys] },
  author_id: (post) => post.authorId,
  // This service has no annotation model: the field is never shown (apps/ads-api/README.md
  // "Where the spec is silent"), as the vendor leaves it out of posts it has none for.
  context_annotations: () => undefined,
  conversation_id: (post) => post.conversationId,
  created_at: (post) => ts(post.createdAt),
  edit_history_post_ids: (post, facts) => [
    ...(facts.editHistory.get(post.editRootId) ?? [post.id]),
  ],
  entities: (post) => presentEntities(post),
  in_reply_to_user_id: (post) => post.inReplyToUserId ?? undefined,
  // The store derives a tag from every text it writes; `und` is its (and the vendor's) word
  // for a text without letters.
  lang: (post) => post.lang ?? "und",
  // No content classification here: nothing is marked sensitive.
  possibly_sensitive: () => false,
  public_metrics: (post, facts) => ({ ...publicMetricsOf(post, facts.now) }),
  referenced_tweets: (post) => referencesOf(post),
};

/** `referenced_tweets`: the post it answers, then the post it quotes; undefined for neither. */
export function referencesOf(post: Post): PostReference[] | undefined {
  const references: PostReference[] = [];
  if (post.inReplyToPostId !== null) {
    references.push({ type: "replied_to", id: post.inReplyToPostId });
  }
  if (post.quotedPostId !== null) references.push({ type: "quoted", id: post.quotedPostId });
  return references.length === 0 ? undefined : references;
}

/** The stored v2 entities, kinds without items left out; undefined when the text has none. */
function presentEntities(post: Post): DataPost["entities"] {
  const entities = entitiesOf(post);
  const shown: NonNullable<DataPost["entities"]> = {};
  if (entities.mentions.length > 0) shown.mentions = entities.mentions.map((item) => ({ ...item }));
  if (entities.hashtags.length > 0) shown.hashtags = entities.hashtags.map((item) => ({ ...item }));
  if (entities.urls.length > 0) shown.urls = entities.urls.map((item) => ({ ...item }));
  return Object.keys(shown).length === 0 ? undefined : shown;
}

/**
 * The field of a post an expansion follows. Asking the expansion shows that field on the
 * primary posts even when `post.fields` does not name it, as the vendor does ("the ID that
 * represents the expanded data object will be included directly in the Post data object"):
 * otherwise nothing in `data` would tie a post to what `includes` holds for it.
 */
export const EXPANDED_FIELD: Readonly<Record<PostExpansion, PostField>> = {
  "attachments.media_keys": "attachments",
  author_id: "author_id",
  in_reply_to_user_id: "in_reply_to_user_id",
  "referenced_tweets.id": "referenced_tweets",
};

export function presentPost(
  post: Post,
  fields: ReadonlySet<PostField>,
  facts: PostFacts,
): DataPost {
  const shown: DataPost = { id: post.id, text: post.text };
  for (const field of POST_FIELDS) {
    if (field === "id" || field === "text" || !fields.has(field)) continue;
    const value = POST_FIELD_VALUES[field](post, facts);
    if (value !== undefined) Object.assign(shown, { [field]: value });
  }
  return shown;
}

/** spec §2.12 media `type`, from the media library's kind. */
const MEDIA_TYPES: Readonly<Record<string, DataMedia["type"]>> = {
  IMAGE: "photo",
  VIDEO: "video",
  GIF: "animated_gif",
};

type MediaValue = DataMedia[keyof DataMedia];

/**
 * One presenter per optional media field; `viewCount` is the video's views (undefined for
 * images and GIFs, which have no view count).
 */
const MEDIA_FIELD_VALUES: Readonly<
  Record<
    Exclude<MediaField, "media_key" | "type">,
    (media: MediaLibraryObject, viewCount: number | undefined) => MediaValue
  >
> = {
  duration_ms: (media) =>
    media.mediaType === "VIDEO" ? (media.durationMs ?? undefined) : undefined,
  height: (media) => media.height,
  // Images and GIFs are shown at their URL; a video's file is not an image URL to show.
  url: (media) => (media.mediaType === "VIDEO" ? undefined : media.mediaUrl),
  preview_image_url: (media) =>
    media.mediaType === "VIDEO" ? (media.posterMediaUrl ?? undefined) : undefined,
  public_metrics: (_media, viewCount) =>
    viewCount === undefined ? undefined : { view_count: viewCount },
  width: (media) => media.width,
};

export function presentMedia(
  media: MediaLibraryObject,
  fields: ReadonlySet<MediaField>,
  viewCount: number | undefined,
): DataMedia {
  const shown: DataMedia = {
    media_key: media.mediaKey,
    type: MEDIA_TYPES[media.mediaType] ?? "photo",
  };
  for (const field of MEDIA_FIELDS) {
    if (field === "media_key" || field === "type" || !fields.has(field)) continue;
    const value = MEDIA_FIELD_VALUES[field](media, viewCount);
    if (value !== undefined) Object.assign(shown, { [field]: value });
  }
  return shown;
}

/**
 * A user in `includes.users`: `id`, `name` and `username` (the vendor's defaults). Users of
 * this service have a screen name and no display name, so `name` is the screen name too.
 */
export function presentUser(
  user: Pick<User, "id" | "screenName" | "createdAt">,
  fields: ReadonlySet<UserField>,
): DataUser {
  return {
    id: user.id,
    name: user.screenName,
    username: user.screenName,
    ...(fields.has("created_at") && { created_at: ts(user.createdAt) }),
  };
}
