import type { AppContext } from "../../src/context.js";
import { grantAccess } from "../../src/credentials/grants.js";
import type { Permission } from "../../src/auth/roles.js";
import type { Post } from "../../src/generated/prisma/client.js";
import { createMediaLibraryObject } from "../../src/services/media-admin.js";
import { insertPost } from "../../src/services/post-store.js";
import type { NewPost } from "../../src/services/post-store.js";
import type { MediaType } from "../../src/services/card-types.js";
import { createAccountFor, createActor } from "./actors.js";
import type { Actor } from "./actors.js";
import { idOf } from "./bodies.js";

/** An account that posts (spec §4.7): its composer is its full promotable user. */
export interface PostAccount {
  /** ACCOUNT_ADMIN + POST_COMPOSER, the account's first promotable user. */
  readonly composer: Actor;
  readonly accountId: string;
  readonly base: string;
  /** Media of the account's library uploaded by the composer. */
  readonly images: readonly string[];
  readonly gif: string;
  readonly videos: readonly string[];
  /** `card://<id>` of a card of the account. */
  readonly cardUri: string;
}

/** A media library object of the account uploaded by `ownerUserId` (null: by nobody in particular). */
export async function addOwnedMedia(
  ctx: AppContext,
  accountId: string,
  mediaType: MediaType,
  ownerUserId: string | null,
  additionalOwners: readonly string[] = [],
): Promise<string> {
  const media = await createMediaLibraryObject(ctx.prisma, {
    accountId,
    mediaType,
    width: mediaType === "VIDEO" ? 1280 : 1200,
    height: mediaType === "VIDEO" ? 720 : 628,
    ownerUserId: ownerUserId ?? undefined,
    additionalOwners,
  });
  return media.mediaKey;
}

export async function createPostAccount(
  ctx: AppContext,
  composer?: Actor,
  roles: readonly Permission[] = ["ACCOUNT_ADMIN", "POST_COMPOSER"],
): Promise<PostAccount> {
  const actor = composer ?? (await createActor(ctx));
  const { accountId } = await createAccountFor(ctx, actor.userId, roles);
  await ctx.prisma.account.update({
    where: { id: accountId },
    data: { promotableUserIds: [actor.userId] },
  });
  const own = (type: MediaType) => addOwnedMedia(ctx, accountId, type, actor.userId);
  const images: string[] = [];
  for (let index = 0; index < 5; index += 1) images.push(await own("IMAGE"));
  const videos = [await own("VIDEO"), await own("VIDEO")];
  const gif = await own("GIF");
  const base = `/12/accounts/${accountId}`;
  const card = await actor.client.post(`${base}/cards`, {
    json: {
      name: "Post card",
      components: [
        { type: "MEDIA", media_key: images[0] },
        {
          type: "DETAILS",
          title: "Shop",
          destination: { type: "WEBSITE", url: "https://example.com/shop" },
        },
      ],
    },
  });
  if (card.status !== 200) throw new Error(`card: ${card.text}`);
  return {
    composer: actor,
    accountId,
    base,
    images,
    gif,
    videos,
    cardUri: `card://${idOf(card)}`,
  };
}

let seconds = 0;

/**
 * A post written straight to the store (drafts and scheduled posts have no create endpoint;
 * organic posts of other accounts or of the post-data API), a second apart from the last.
 */
export function storePost(
  ctx: AppContext,
  input: Omit<NewPost, "at"> & { at?: Date },
): Promise<Post> {
  seconds += 1;
  return insertPost(ctx.prisma, {
    ...input,
    at: input.at ?? new Date(Date.UTC(2026, 0, 1) + seconds * 1000),
  });
}

/** Adds roles to a user on an account (replacing earlier ones). */
export function grant(
  ctx: AppContext,
  accountId: string,
  actor: Actor,
  roles: readonly Permission[],
): Promise<void> {
  return grantAccess(ctx.prisma, accountId, actor.userId, roles);
}
