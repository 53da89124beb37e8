import { VIOLATION_CODES } from "@adsgraph/models";
import type { PostType, PostPreview } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { BadRequestError } from "../errors.js";
import type { Account, Card, MediaLibraryObject, Post } from "../generated/prisma/client.js";
import type { PostAuthor } from "./ads-post-present.js";
import { escapeHtml } from "./html-escape.js";
import { publishDuePosts } from "./post-store.js";
import { authorsOf, seenByAccount } from "./posts.js";
import type { Presented } from "./presented.js";

/**
 * spec §4.7 `GET post_previews`: an iframe rendering of each post. The whole document is in
 * the iframe's `srcdoc` (no preview host to point `src` at), sandboxed with no permission, so
 * nothing in it runs. Every string from a user (text, names, screen names, URLs, media keys,
 * card names) is escaped for HTML text, and the document is escaped again as the attribute
 * value: no character of a post can end the attribute or the element.
 */
export async function postPreviews(
  ctx: AppContext,
  account: Account,
  postIds: readonly string[],
  postType: PostType,
): Promise<Presented<PostPreview>[]> {
  await publishDuePosts(ctx.prisma, ctx.clock());
  const ids = [...new Set(postIds)];
  const posts = await ctx.prisma.post.findMany({
    where: { id: { in: ids }, ...seenByAccount(account.id, account.promotableUserIds, postType) },
  });
  const byId = new Map(posts.map((post) => [post.id, post]));
  const unmatched = ids.filter((id) => !byId.has(id));
  if (unmatched.length > 0) {
    throw BadRequestError.of(
      VIOLATION_CODES.INVALID_PARAMETER,
      `post_ids: ${unmatched.join(", ")} ${unmatched.length === 1 ? "names" : "name"} no ${postType} post of account ${account.id}`,
      "post_ids",
    );
  }
  const [authors, media, cards] = await Promise.all([
    authorsOf(ctx.prisma, posts),
    mediaOf(ctx, posts),
    cardsOf(ctx, account.id, posts),
  ]);
  return ids.flatMap((id) => {
    const post = byId.get(id);
    if (post === undefined) return [];
    const document = renderPost(post, authors.get(post.authorId), media, cards);
    return [
      {
        post_id: id,
        preview: `<iframe class='post-preview' sandbox='' srcdoc='${escapeHtml(document)}'></iframe>`,
      },
    ];
  });
}

async function mediaOf(
  ctx: AppContext,
  posts: readonly Post[],
): Promise<Map<string, MediaLibraryObject>> {
  const keys = [...new Set(posts.flatMap((post) => post.mediaKeys))];
  if (keys.length === 0) return new Map();
  const rows = await ctx.prisma.mediaLibraryObject.findMany({ where: { mediaKey: { in: keys } } });
  return new Map(rows.map((row) => [row.mediaKey, row]));
}

const CARD_PREFIX = "card://";

async function cardsOf(
  ctx: AppContext,
  accountId: string,
  posts: readonly Post[],
): Promise<Map<string, Card>> {
  const ids = [
    ...new Set(
      posts.flatMap((post) =>
        post.cardUri === null ? [] : [post.cardUri.slice(CARD_PREFIX.length)],
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const rows = await ctx.prisma.card.findMany({ where: { id: { in: ids }, accountId } });
  return new Map(rows.map((row) => [`${CARD_PREFIX}${row.id}`, row]));
}

/** Line breaks of the (already escaped) text as `<br>`: one character replaced at a time. */
function withBreaks(escaped: string): string {
  return escaped.replace(/\r?\n/g, "<br>");
}

function renderMedia(key: string, row: MediaLibraryObject | undefined): string {
  const label = escapeHtml(key);
  if (row === undefined) return `<figure class='media missing' data-media-key='${label}'></figure>`;
  const url = escapeHtml(row.mediaUrl);
  if (row.mediaType === "VIDEO") {
    const poster = row.posterMediaUrl === null ? "" : ` poster='${escapeHtml(row.posterMediaUrl)}'`;
    return `<figure class='media video' data-media-key='${label}'><video controls src='${url}'${poster}></video></figure>`;
  }
  return `<figure class='media ${row.mediaType === "GIF" ? "gif" : "image"}' data-media-key='${label}'><img src='${url}' alt='${escapeHtml(row.name)}'></figure>`;
}

/** The post as a small HTML document: author, text, media, card. */
function renderPost(
  post: Post,
  author: PostAuthor | undefined,
  media: ReadonlyMap<string, MediaLibraryObject>,
  cards: ReadonlyMap<string, Card>,
): string {
  const screenName = escapeHtml(author?.screenName ?? post.authorId);
  const card =
    post.cardUri === null
      ? ""
      : `<aside class='card' data-card-uri='${escapeHtml(post.cardUri)}'>${escapeHtml(cards.get(post.cardUri)?.name ?? post.cardUri)}</aside>`;
  return [
    "<!doctype html><html><head><meta charset='utf-8'><title>Post preview</title></head><body>",
    `<article class='post' data-post-type='${escapeHtml(post.postType)}'>`,
    `<header><strong class='name'>${screenName}</strong> <span class='screen-name'>@${screenName}</span></header>`,
    post.name === null ? "" : `<h1 class='post-name'>${escapeHtml(post.name)}</h1>`,
    `<p class='text'>${withBreaks(escapeHtml(post.text))}</p>`,
    ...post.mediaKeys.map((key) => renderMedia(key, media.get(key))),
    card,
    "</article></body></html>",
  ].join("");
}
