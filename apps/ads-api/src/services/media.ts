import { CREATIVE_TYPES } from "@adsgraph/models";
import type {
  MediaLibraryObject as MediaLibraryObjectResource,
  AccountMedia as AccountMediaResource,
} from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import type { AccountMedia, MediaLibraryObject, Prisma } from "../generated/prisma/client.js";
import { NotFoundError } from "../errors.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";

/** spec §2.6; video-only fields are left out for images (the models make them optional). */
export function presentMediaLibraryObject(
  row: MediaLibraryObject,
): Presented<MediaLibraryObjectResource> & {
  width: number;
  height: number;
} {
  const video = row.mediaType === "VIDEO";
  return {
    media_key: row.mediaKey,
    name: row.name,
    file_name: row.fileName,
    description: row.description,
    title: row.title,
    media_type: row.mediaType,
    media_category: row.mediaCategory,
    media_status: row.mediaStatus,
    media_url: row.mediaUrl,
    ...(video && row.posterMediaUrl !== null ? { poster_media_url: row.posterMediaUrl } : {}),
    ...(video && row.posterMediaKey !== null ? { poster_media_key: row.posterMediaKey } : {}),
    ...(video && row.durationMs !== null ? { duration: row.durationMs } : {}),
    aspect_ratio: row.aspectRatio,
    width: row.width,
    height: row.height,
    posted: row.posted,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

/** The account's live media library objects among `keys`, by key. */
export async function mediaByKey(
  db: Db,
  accountId: string,
  keys: readonly string[],
): Promise<Map<string, MediaLibraryObject>> {
  if (keys.length === 0) return new Map();
  const rows = await db.mediaLibraryObject.findMany({
    where: { accountId, mediaKey: { in: [...new Set(keys)] }, deleted: false },
  });
  return new Map(rows.map((row) => [row.mediaKey, row]));
}

/** spec §3: media library DELETE sets deleted=true and answers the object. */
export async function deleteMediaLibraryObject(
  ctx: AppContext,
  accountId: string,
  mediaKey: string,
): Promise<MediaLibraryObject> {
  const updated = await ctx.prisma.mediaLibraryObject.updateMany({
    where: { mediaKey, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) throw new NotFoundError(`media ${mediaKey} does not exist`, "media_key");
  return ctx.prisma.mediaLibraryObject.findUniqueOrThrow({ where: { mediaKey } });
}

export const ACCOUNT_MEDIA_SORT = sortColumns("account_media.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  creative_type: { field: "creativeType", type: "string" },
});

/** spec §2.5. */
export function presentAccountMedia(row: AccountMedia): Presented<AccountMediaResource> & {
  media_key: string | null;
} {
  return {
    id: row.id,
    creative_type: storedEnum(CREATIVE_TYPES, row.creativeType),
    video_id: row.videoId,
    media_url: row.mediaUrl,
    media_key: row.mediaKey,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface AccountMediaQuery extends ListParams {
  readonly account_media_ids?: readonly string[] | undefined;
  readonly creative_types?: readonly string[] | undefined;
}

export function listAccountMedia(
  ctx: AppContext,
  accountId: string,
  query: AccountMediaQuery,
): Promise<ListOutcome<AccountMedia>> {
  return runList(ctx, {
    scope: `account_media:${accountId}`,
    sortable: ACCOUNT_MEDIA_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("id", query.account_media_ids),
      ...inList("creativeType", query.creative_types),
    },
    findMany: (args) => ctx.prisma.accountMedia.findMany(args as Prisma.AccountMediaFindManyArgs),
    count: (where) => ctx.prisma.accountMedia.count({ where }),
  });
}

export async function getAccountMedia(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<AccountMedia> {
  const row = await ctx.prisma.accountMedia.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`account media ${id} does not exist`, "account_media_id");
  }
  return row;
}

export async function deleteAccountMedia(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<AccountMedia> {
  const updated = await ctx.prisma.accountMedia.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0)
    throw new NotFoundError(`account media ${id} does not exist`, "account_media_id");
  return ctx.prisma.accountMedia.findUniqueOrThrow({ where: { id } });
}
