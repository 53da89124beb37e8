import { VIOLATION_CODES } from "@adsgraph/models";
import type { Db } from "../db/database.js";
import { BadRequestError } from "../errors.js";
import type { Post, Prisma } from "../generated/prisma/client.js";
import { checkPostCard, checkPostMedia } from "./post-attachments.js";
import { textChange } from "./post-store.js";

/** spec §4.7 draft (and scheduled post) update parameters after the catalog's validation. */
export interface PostEdit {
  /** `""` removes the card. */
  readonly card_uri?: string | undefined;
  /** Empty removes the media. */
  readonly media_keys?: readonly string[] | undefined;
  readonly nullcast?: boolean | undefined;
  readonly text?: string | undefined;
  readonly name?: string | undefined;
}

/**
 * The columns an edit of a draft or scheduled post sets, after the state rules: a card of the
 * account, media its author may use (the draft's author, not the caller), and, after the
 * change, text or media still there (spec §2.7: a draft says something). Writes nothing.
 */
export async function editedColumns(
  db: Db,
  accountId: string,
  post: Post,
  input: PostEdit,
): Promise<Prisma.PostUpdateManyMutationInput> {
  const data: Prisma.PostUpdateManyMutationInput = {};
  if (input.card_uri !== undefined) {
    if (input.card_uri !== "") await checkPostCard(db, accountId, input.card_uri);
    data.cardUri = input.card_uri === "" ? null : input.card_uri;
  }
  let mediaKeys = post.mediaKeys;
  if (input.media_keys !== undefined) {
    const media = await checkPostMedia(db, {
      accountId,
      userId: post.authorId,
      keys: input.media_keys,
      parameter: "media_keys",
    });
    mediaKeys = media.map((row) => row.mediaKey);
    data.mediaKeys = mediaKeys;
  }
  const text = input.text ?? post.text;
  if (text === "" && mediaKeys.length === 0) {
    throw BadRequestError.of(
      VIOLATION_CODES.MISSING_PARAMETER,
      `text: post ${post.id} would hold neither text nor media after this update`,
      "text",
    );
  }
  if (input.text !== undefined) Object.assign(data, await textChange(db, input.text));
  if (input.nullcast !== undefined) data.nullcast = input.nullcast;
  if (input.name !== undefined) data.name = input.name;
  return data;
}
