import type { Db } from "../db/database.js";
import { newAdsId, newMediaKey } from "../db/ids.js";
import type { AccountMedia, MediaLibraryObject, MediaUpload } from "../generated/prisma/client.js";
import type { MediaType } from "./card-types.js";

/**
 * Media library upload is not part of the spec, so media enter through the CLI and the seed:
 * straight into a library (`add-media`), or as an upload `POST media_library` adds (`upload-media`).
 * URLs point at a placeholder CDN host; nothing is fetched.
 */
export interface NewMedia {
  readonly accountId: string;
  readonly mediaType: MediaType;
  readonly width: number;
  readonly height: number;
  readonly name?: string | undefined;
  readonly durationMs?: number | undefined;
  readonly mediaKey?: string | undefined;
  readonly posterMediaKey?: string | undefined;
  /** spec §4.7: the uploader, and users it is shared with (`additional_owners`). */
  readonly ownerUserId?: string | undefined;
  readonly additionalOwners?: readonly string[] | undefined;
  readonly at?: Date | undefined;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** `<w>:<h>` in lowest terms, with the usual names (1200x628 is 1.91:1). */
export function aspectRatio(width: number, height: number): string {
  if (Math.abs(width / height - 1.91) < 0.02) return "1.91:1";
  const divisor = gcd(width, height);
  return `${width / divisor}:${height / divisor}`;
}

export function mediaLibraryData(input: NewMedia): MediaLibraryObject {
  const key = input.mediaKey ?? newMediaKey(input.mediaType);
  const id = key.split("_")[1] ?? key;
  const video = input.mediaType === "VIDEO";
  const extension = video ? "mp4" : input.mediaType === "GIF" ? "gif" : "jpg";
  const at = input.at ?? new Date();
  const name = input.name ?? `${input.mediaType.toLowerCase()} ${id.slice(-6)}`;
  return {
    mediaKey: key,
    accountId: input.accountId,
    name,
    fileName: `${name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}.${extension}`,
    description: `${name} (${input.width}x${input.height})`,
    title: name,
    mediaType: input.mediaType,
    mediaCategory: video ? "POST_VIDEO" : input.mediaType === "GIF" ? "POST_GIF" : "POST_IMAGE",
    mediaStatus: "TRANSCODE_COMPLETED",
    mediaUrl: `https://media.ads-api.invalid/${video ? "video" : "img"}/${id}/${input.width}x${input.height}.${extension}`,
    posterMediaUrl: video ? `https://media.ads-api.invalid/img/${id}/poster.jpg` : null,
    posterMediaKey: video ? (input.posterMediaKey ?? null) : null,
    durationMs: video ? (input.durationMs ?? 15_000) : null,
    width: input.width,
    height: input.height,
    aspectRatio: aspectRatio(input.width, input.height),
    posted: false,
    ownerUserId: input.ownerUserId ?? null,
    additionalOwners: [...(input.additionalOwners ?? [])],
    createdAt: at,
    updatedAt: at,
    deleted: false,
  };
}

export function createMediaLibraryObject(db: Db, input: NewMedia): Promise<MediaLibraryObject> {
  return db.mediaLibraryObject.create({ data: mediaLibraryData(input) });
}

/** Account media made from a media library object (spec §2.5: video_id or media_url). */
export function createAccountMedia(
  db: Db,
  media: MediaLibraryObject,
  creativeType: string,
  id?: string,
): Promise<AccountMedia> {
  const video = media.mediaType === "VIDEO";
  return db.accountMedia.create({
    data: {
      id: id ?? newAdsId(),
      accountId: media.accountId,
      creativeType,
      mediaKey: media.mediaKey,
      videoId: video ? (media.mediaKey.split("_")[1] ?? null) : null,
      mediaUrl: video ? null : media.mediaUrl,
      createdAt: media.createdAt,
      updatedAt: media.createdAt,
    },
  });
}

/** What an upload says of a medium before any account's library holds it. */
export interface NewUpload {
  readonly mediaType: MediaType;
  readonly width: number;
  readonly height: number;
  readonly ownerUserId: string;
  readonly durationMs?: number | undefined;
  readonly additionalOwners?: readonly string[] | undefined;
  readonly at: Date;
}

/**
 * A medium uploaded by a user (the vendor's upload step, beyond the spec): `POST media_library`
 * adds it to an account's library by its key.
 */
export function createMediaUpload(db: Db, input: NewUpload): Promise<MediaUpload> {
  const video = input.mediaType === "VIDEO";
  return db.mediaUpload.create({
    data: {
      mediaKey: newMediaKey(input.mediaType),
      mediaType: input.mediaType,
      width: input.width,
      height: input.height,
      durationMs: video ? (input.durationMs ?? 15_000) : null,
      ownerUserId: input.ownerUserId,
      additionalOwners: [...(input.additionalOwners ?? [])],
      createdAt: input.at,
    },
  });
}
