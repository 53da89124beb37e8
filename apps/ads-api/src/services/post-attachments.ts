import { LIMITS, VIOLATION_CODES } from "@adsgraph/models";
import type { Db } from "../db/database.js";
import type { ErrorEntry } from "../errors.js";
import { BadRequestError } from "../errors.js";
import type { MediaLibraryObject } from "../generated/prisma/client.js";

/**
 * What a post may carry (spec §4.7, §8): media from the media library that its author may use,
 * at most 4 images, or 1 animated GIF, or 1 video; and a card of the account. Shared by post
 * create, draft and scheduled-post updates, and the post-data API's create.
 */
export interface MediaRequest {
  /** The ad account whose media library holds the media; null: any library (post-data API). */
  readonly accountId: string | null;
  /** The post's author: the media's owner or one of its additional owners. */
  readonly userId: string;
  readonly keys: readonly string[];
  /** The wire parameter the keys came in (`media_keys`, `media.media_ids`). */
  readonly parameter: string;
  /** How a key is named in messages (the id the caller sent, by default the key). */
  readonly shownAs?: (key: string) => string;
}

const KIND: Readonly<Record<string, "image" | "gif" | "video">> = {
  IMAGE: "image",
  GIF: "gif",
  VIDEO: "video",
};

/** The media of a post, in the order given, after every rule; 400 naming the parameter otherwise. */
export async function checkPostMedia(db: Db, request: MediaRequest): Promise<MediaLibraryObject[]> {
  const keys = [...new Set(request.keys)];
  if (keys.length === 0) return [];
  const shown = request.shownAs ?? ((key: string) => key);
  const rows = await db.mediaLibraryObject.findMany({
    where: {
      mediaKey: { in: keys },
      deleted: false,
      ...(request.accountId !== null && { accountId: request.accountId }),
    },
  });
  const byKey = new Map(rows.map((row) => [row.mediaKey, row]));
  const problems: ErrorEntry[] = [];
  const found: MediaLibraryObject[] = [];
  for (const key of keys) {
    const row = byKey.get(key);
    if (row === undefined) {
      problems.push({
        code: VIOLATION_CODES.INVALID_PARAMETER,
        parameter: request.parameter,
        message: `${request.parameter}: ${shown(key)} is not in the ${request.accountId === null ? "" : "account's "}media library`,
      });
    } else if (!mayUse(row, request.userId)) {
      problems.push({
        code: VIOLATION_CODES.INVALID_PARAMETER,
        parameter: request.parameter,
        message: `${request.parameter}: ${shown(key)} was uploaded by another user and does not list user ${request.userId} in its additional_owners`,
      });
    } else {
      found.push(row);
    }
  }
  if (problems.length > 0) throw new BadRequestError(problems);
  const countProblem = mediaCountProblem(found);
  if (countProblem !== undefined) {
    throw BadRequestError.of(
      VIOLATION_CODES.TOO_MANY_ITEMS,
      `${request.parameter} ${countProblem}`,
      request.parameter,
    );
  }
  return found;
}

/** Uploaded by the user, shared with the user, or uploaded through the account by nobody in particular. */
function mayUse(row: MediaLibraryObject, userId: string): boolean {
  return (
    row.ownerUserId === null || row.ownerUserId === userId || row.additionalOwners.includes(userId)
  );
}

/** spec §8 media per post, or undefined when the media fit. */
export function mediaCountProblem(
  media: readonly Pick<MediaLibraryObject, "mediaType">[],
): string | undefined {
  const { image, gif, video } = LIMITS.mediaPerPost;
  const kinds = media.map((row) => KIND[row.mediaType] ?? "image");
  const solo = kinds.find((kind) => kind === "gif" || kind === "video");
  if (solo !== undefined && kinds.length > (solo === "gif" ? gif : video)) {
    return `may hold ${solo === "gif" ? `${gif} animated GIF` : `${video} video`} alone, or up to ${image} images (got ${kinds.join(", ")})`;
  }
  if (kinds.length > image) return `may hold at most ${image} images (got ${kinds.length})`;
  return undefined;
}

/** spec §4.7: a post's card is a live card of the account; 400 naming `parameter` otherwise. */
export async function checkPostCard(
  db: Db,
  accountId: string,
  cardUri: string,
  parameter = "card_uri",
): Promise<void> {
  const id = cardUri.slice("card://".length);
  const card = await db.card.findFirst({
    where: { id, accountId, deleted: false },
    select: { id: true },
  });
  if (card === null) {
    throw BadRequestError.of(
      VIOLATION_CODES.INVALID_PARAMETER,
      `${parameter}: ${cardUri} names no card of account ${accountId}`,
      parameter,
    );
  }
}
