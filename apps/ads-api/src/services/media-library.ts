import { LIMITS, VIOLATION_CODES } from "@adsgraph/models";
import type { Catalog, EndpointParsedParams } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { BadRequestError, NotFoundError } from "../errors.js";
import type { MediaLibraryObject, MediaUpload, Prisma } from "../generated/prisma/client.js";
import { runList } from "./list.js";
import type { ListOutcome } from "./list.js";
import { likeLiteral } from "./list.js";
import { mediaLibraryData } from "./media-admin.js";
import { presentMediaLibraryObject } from "./media.js";
import type { MediaType } from "./card-types.js";
import { settleUpdate } from "./update-rule.js";

type Where = Record<string, unknown>;
/** A library row with the `id` keyset paging tells rows apart by: its media key. */
type KeyedRow = MediaLibraryObject & { id: string };

/** Keyset paging speaks of `id`; a library object's id is its media key. */
function idAsMediaKey(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idAsMediaKey);
  if (typeof value !== "object" || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key === "id" ? "mediaKey" : key,
      idAsMediaKey(inner),
    ]),
  );
}

const TEXT_FIELDS = ["name", "title", "fileName", "description"] as const;

/**
 * The vendor's media library `q`: "case-insensitive term matching" on name, title, file name
 * and description. Here a term is matched by its start: the text, or a word of it, begins with
 * `q` (the spec's `q` is a prefix, §4.2; never a pattern).
 */
function termQuery(q: string | undefined): Where {
  if (q === undefined) return {};
  const literal = likeLiteral(q);
  return {
    OR: TEXT_FIELDS.flatMap((field) => [
      { [field]: { startsWith: literal, mode: "insensitive" } },
      { [field]: { contains: ` ${literal}`, mode: "insensitive" } },
    ]),
  };
}

export interface MediaLibraryQuery {
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
  readonly media_type?: MediaType | undefined;
  readonly q?: string | undefined;
  readonly with_deleted?: boolean | undefined;
}

/** Vendor v12 `GET media_library`: newest first; deleted objects only with with_deleted (§2.1). */
export async function listMediaLibrary(
  ctx: AppContext,
  accountId: string,
  query: MediaLibraryQuery,
): Promise<ListOutcome<MediaLibraryObject>> {
  const read = (args: unknown) =>
    ctx.prisma.mediaLibraryObject.findMany(
      idAsMediaKey(args) as Prisma.MediaLibraryObjectFindManyArgs,
    );
  return runList<KeyedRow>(ctx, {
    scope: `media_library:${accountId}`,
    sortable: { created_at: { field: "createdAt", type: "date" } },
    defaultSort: "created_at-desc",
    defaultCount: LIMITS.mediaLibraryCount.default,
    params: { count: query.count, cursor: query.cursor, with_deleted: query.with_deleted },
    where: {
      accountId,
      ...(query.media_type === undefined ? {} : { mediaType: query.media_type }),
      ...termQuery(query.q),
    },
    findMany: async (args) => (await read(args)).map((row) => ({ ...row, id: row.mediaKey })),
    count: (where) =>
      ctx.prisma.mediaLibraryObject.count({
        where: idAsMediaKey(where) as Prisma.MediaLibraryObjectWhereInput,
      }),
  });
}

function notInLibrary(accountId: string, mediaKey: string): NotFoundError {
  return new NotFoundError(
    `media ${mediaKey} is not in the media library of account ${accountId}`,
    "media_key",
  );
}

/** Vendor v12 `GET media_library/:media_key` (a deleted one only with with_deleted). */
export async function getMediaLibraryObject(
  ctx: AppContext,
  accountId: string,
  mediaKey: string,
  withDeleted: boolean,
): Promise<MediaLibraryObject> {
  const row = await ctx.prisma.mediaLibraryObject.findFirst({ where: { mediaKey, accountId } });
  if (row === null || (row.deleted && !withDeleted)) throw notInLibrary(accountId, mediaKey);
  return row;
}

/** Vendor v12 `POST media_library` parameters after the catalog's validation. */
export interface NewLibraryObject {
  readonly media_key: string;
  readonly name?: string | undefined;
  readonly file_name?: string | undefined;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly poster_media_key?: string | undefined;
}

const invalid = (parameter: string, message: string) =>
  BadRequestError.of(VIOLATION_CODES.INVALID_PARAMETER, `${parameter}: ${message}`, parameter);

/** Who may add an upload: its uploader and the users it lists in additional_owners. */
function mayAdd(upload: MediaUpload, userId: string): boolean {
  return upload.ownerUserId === userId || upload.additionalOwners.includes(userId);
}

/**
 * A video's poster: a live image of the account's library (400 naming poster_media_key
 * otherwise); only videos have one.
 */
async function posterOf(
  db: Db,
  accountId: string,
  medium: Pick<MediaUpload, "mediaKey" | "mediaType">,
  posterKey: string | undefined,
): Promise<MediaLibraryObject | undefined> {
  if (posterKey === undefined) return undefined;
  if (medium.mediaType !== "VIDEO") {
    throw invalid(
      "poster_media_key",
      `only a video has a poster; ${medium.mediaKey} is ${medium.mediaType.toLowerCase()}`,
    );
  }
  const poster = await db.mediaLibraryObject.findFirst({
    where: { mediaKey: posterKey, accountId, deleted: false },
  });
  if (poster === null || poster.mediaType !== "IMAGE") {
    throw invalid("poster_media_key", `${posterKey} is no image of the account's media library`);
  }
  return poster;
}

/**
 * Vendor v12 `POST media_library`: an uploaded medium (`media_key`) joins the account's media
 * library, named and described as given (or as the upload says). The caller must be its
 * uploader or one of its additional owners. A medium has one library object, whose id is its
 * key: a key already added (to this account or another) is refused naming media_key.
 */
export async function addToMediaLibrary(
  ctx: AppContext,
  accountId: string,
  callerId: string,
  input: NewLibraryObject,
): Promise<MediaLibraryObject> {
  const key = input.media_key;
  const added = await ctx.prisma.mediaLibraryObject.findUnique({
    where: { mediaKey: key },
    select: { accountId: true, deleted: true },
  });
  if (added?.accountId === accountId) throw alreadyAdded(accountId, key, added);
  // Whose upload it is comes before where it went: another library is no one else's business.
  const upload = await ctx.prisma.mediaUpload.findUnique({ where: { mediaKey: key } });
  if (upload === null) throw invalid("media_key", `${key} names no uploaded medium`);
  if (!mayAdd(upload, callerId)) {
    throw invalid(
      "media_key",
      `${key} was uploaded by another user and does not list user ${callerId} in its additional_owners`,
    );
  }
  if (added !== null) throw alreadyAdded(accountId, key, added);
  const poster = await posterOf(ctx.prisma, accountId, upload, input.poster_media_key);
  const base = mediaLibraryData({
    accountId,
    mediaType: upload.mediaType as MediaType,
    width: upload.width,
    height: upload.height,
    name: input.name,
    durationMs: upload.durationMs ?? undefined,
    mediaKey: key,
    ownerUserId: upload.ownerUserId,
    additionalOwners: upload.additionalOwners,
    at: ctx.clock(),
  });
  const data: MediaLibraryObject = {
    ...base,
    ...(input.file_name !== undefined && { fileName: input.file_name }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(poster !== undefined && {
      posterMediaKey: poster.mediaKey,
      posterMediaUrl: poster.mediaUrl,
    }),
  };
  try {
    return await ctx.prisma.mediaLibraryObject.create({ data });
  } catch (error) {
    // Two adds of one key at once: the second finds the first's row.
    if (!isUniqueViolation(error)) throw error;
    throw alreadyAdded(accountId, key, { accountId: "", deleted: false });
  }
}

function alreadyAdded(
  accountId: string,
  key: string,
  added: { accountId: string; deleted: boolean },
): BadRequestError {
  if (added.accountId !== accountId) {
    return invalid("media_key", `${key} is already in a media library; a medium is added once`);
  }
  return invalid(
    "media_key",
    added.deleted
      ? `${key} was deleted from the account's media library; a deleted object is not added again`
      : `${key} is already in the account's media library`,
  );
}

/** A PUT's parameters: the changeable fields, and the read-only ones as a client read them. */
export type LibraryObjectUpdate = Omit<
  EndpointParsedParams<Catalog["media_library.update"]>,
  "account_id" | "media_key"
>;

/**
 * Vendor v12 `PUT media_library/:media_key`: name, file name, title, description and a video's
 * poster change, under the rules of the add; the object's other fields may come back as read
 * (update rule), compared with the row locked in the same transaction. A deleted object is not
 * found, as by the single read.
 */
export function updateMediaLibraryObject(
  ctx: AppContext,
  accountId: string,
  mediaKey: string,
  params: LibraryObjectUpdate,
): Promise<MediaLibraryObject> {
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT media_key FROM "media_library_object" WHERE media_key = ${mediaKey} AND account_id = ${accountId} FOR UPDATE`;
    const row = await tx.mediaLibraryObject.findFirst({
      where: { mediaKey, accountId, deleted: false },
    });
    if (row === null) throw notInLibrary(accountId, mediaKey);
    const fields = settleUpdate("media_library.update", params, presentMediaLibraryObject(row));
    const poster = await posterOf(tx, accountId, row, fields.poster_media_key);
    return tx.mediaLibraryObject.update({
      where: { mediaKey },
      data: {
        ...(fields.name !== undefined && { name: fields.name }),
        ...(fields.file_name !== undefined && { fileName: fields.file_name }),
        ...(fields.title !== undefined && { title: fields.title }),
        ...(fields.description !== undefined && { description: fields.description }),
        ...(poster !== undefined && {
          posterMediaKey: poster.mediaKey,
          posterMediaUrl: poster.mediaUrl,
        }),
        updatedAt: ctx.clock(),
      },
    });
  });
}
