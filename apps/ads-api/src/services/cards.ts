import type { CardComponent, Catalog, EndpointParsedParams } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import { newDigitId } from "../db/ids.js";
import type { Card, MediaLibraryObject, Prisma } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import type { Sortable } from "../paging/keyset-paging.js";
import { deriveCardType, mediaKeysOf } from "./card-types.js";
import type { MediaType } from "./card-types.js";
import type { CardKind } from "./card-present.js";
import { presentGenericCard } from "./card-present.js";
import { inList, namePrefix, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { mediaByKey } from "./media.js";
import { sortColumns } from "./sort-columns.js";
import { settleUpdate } from "./update-rule.js";

const CARD_COLUMNS = {
  id: { field: "id", type: "string" },
  name: { field: "nameSort", type: "string" },
  card_type: { field: "cardType", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
} as const;

/** Each kind's list sorts by what its own catalog entry declares (spec §4.7 lists kinds apart). */
export const CARD_SORT: Readonly<Record<CardKind, Sortable>> = {
  generic: sortColumns("cards.list", CARD_COLUMNS),
  poll: sortColumns("cards.poll.list", CARD_COLUMNS),
  video_conversation: sortColumns("cards.video_conversation.list", CARD_COLUMNS),
  image_conversation: sortColumns("cards.image_conversation.list", CARD_COLUMNS),
};

/** What the media library says of one key, as the recorded cards carry it. */
export function mediaMetadata(row: MediaLibraryObject): Record<string, unknown> {
  return {
    type: row.mediaType,
    url: row.mediaUrl,
    width: row.width,
    height: row.height,
    ...(row.mediaType === "VIDEO"
      ? { video_duration: row.durationMs, video_aspect_ratio: row.aspectRatio }
      : {}),
  };
}

function withMetadata(
  component: CardComponent,
  media: Map<string, MediaLibraryObject>,
): Record<string, unknown> {
  const keys =
    component.type === "MEDIA"
      ? [component.media_key]
      : component.type === "SWIPEABLE_MEDIA"
        ? component.media_keys
        : [];
  if (keys.length === 0) return { ...component };
  const metadata = Object.fromEntries(
    keys.flatMap((key) => {
      const row = media.get(key);
      return row === undefined ? [] : [[key, mediaMetadata(row)]];
    }),
  );
  return { ...component, media_metadata: metadata };
}

export interface CardBody {
  readonly cardType: string;
  readonly body: Prisma.InputJsonObject;
}

/**
 * Checks that every media key is in the account's media library (400 naming each missing
 * key's parameter) and derives the card type.
 */
export async function resolveCardBody(
  db: Db,
  accountId: string,
  components: readonly CardComponent[] | undefined,
  slides: readonly (readonly CardComponent[])[] | undefined,
): Promise<CardBody> {
  const refs = mediaKeysOf(components, slides);
  const media = await mediaByKey(
    db,
    accountId,
    refs.map((ref) => ref.key),
  );
  const missing = refs.filter((ref) => !media.has(ref.key));
  if (missing.length > 0) {
    throw new BadRequestError(
      missing.map((ref) => ({
        code: ERROR_CODES.INVALID_PARAMETER,
        message: `media key ${ref.key} is not in the media library of account ${accountId}`,
        parameter: ref.parameter,
      })),
    );
  }
  const mediaType = (key: string): MediaType => (media.get(key)?.mediaType ?? "IMAGE") as MediaType;
  const cardType = deriveCardType(components, slides, mediaType);
  const body =
    slides !== undefined
      ? { slides: slides.map((slide) => slide.map((c) => withMetadata(c, media))) }
      : { components: (components ?? []).map((c) => withMetadata(c, media)) };
  return { cardType, body: body as Prisma.InputJsonObject };
}

/** A PUT's parameters: the fields it replaces and the card's read-only fields as read. */
export type CardUpdate = Omit<
  EndpointParsedParams<Catalog["cards.update"]>,
  "account_id" | "card_id"
>;

export interface CardInput {
  readonly name?: string | undefined;
  readonly components?: readonly CardComponent[] | undefined;
  readonly slides?: readonly (readonly CardComponent[])[] | undefined;
}

export async function createCard(
  ctx: AppContext,
  accountId: string,
  input: CardInput & { name: string },
): Promise<Card> {
  const resolved = await resolveCardBody(ctx.prisma, accountId, input.components, input.slides);
  const now = ctx.clock();
  return ctx.prisma.card.create({
    data: {
      id: newDigitId(now.getTime()),
      accountId,
      kind: "generic",
      name: input.name,
      cardType: resolved.cardType,
      body: resolved.body,
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** spec §4.7 PUT: each supplied field replaces the stored one (components replace slides). */
export function updateCard(
  ctx: AppContext,
  accountId: string,
  id: string,
  params: CardUpdate,
): Promise<Card> {
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "card" WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`;
    const before = await tx.card.findFirst({ where: { id, accountId, kind: "generic" } });
    if (before === null || before.deleted) {
      throw new NotFoundError(`card ${id} does not exist`, "card_id");
    }
    // A card read back whole holds its components (or slides) as stored: no change.
    const input = settleUpdate("cards.update", params, presentGenericCard(before));
    const components = input.components ?? undefined;
    const slides = input.slides ?? undefined;
    const resolved =
      components !== undefined || slides !== undefined
        ? await resolveCardBody(tx, accountId, components, slides)
        : undefined;
    return tx.card.update({
      where: { id: before.id },
      data: {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(resolved === undefined ? {} : { cardType: resolved.cardType, body: resolved.body }),
        updatedAt: ctx.clock(),
      },
    });
  });
}

/** Soft delete of a card of `kind` (generic by default; poll for cards/poll, issue 33). */
export async function deleteCard(
  ctx: AppContext,
  accountId: string,
  id: string,
  kind: CardKind = "generic",
): Promise<Card> {
  const updated = await ctx.prisma.card.updateMany({
    where: { id, accountId, kind, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) throw new NotFoundError(`card ${id} does not exist`, "card_id");
  return ctx.prisma.card.findUniqueOrThrow({ where: { id } });
}

/** One card of a kind (or of any kind when `kind` is undefined, for cards/all). */
export async function getCard(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
  kind: CardKind | undefined,
): Promise<Card> {
  const row = await ctx.prisma.card.findFirst({
    where: { id, accountId, ...(kind === undefined ? {} : { kind }) },
  });
  if (row === null || (row.deleted && !withDeleted))
    throw new NotFoundError(`card ${id} does not exist`, "card_id");
  return row;
}

/** `card://<id>` → id; a malformed URI is a 400 naming its position. */
export function idsFromUris(uris: readonly string[], parameter: string): string[] {
  return uris.map((uri, index) => {
    const match = /^card:\/\/(\S+)$/.exec(uri);
    if (match?.[1] === undefined) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        `${parameter}[${index}] must be a card URI of the form card://<card_id> (got ${uri.slice(0, 40)})`,
        `${parameter}[${index}]`,
      );
    }
    return match[1];
  });
}

export interface CardQuery extends ListParams {
  readonly card_types?: readonly string[] | undefined;
  readonly card_id?: readonly string[] | undefined;
  readonly card_ids?: readonly string[] | undefined;
  readonly card_uris?: readonly string[] | undefined;
  readonly q?: string | undefined;
}

/** Lists of one card kind (spec §4.7: cards list returns only cards made through the cards POST). */
export function listCards(
  ctx: AppContext,
  accountId: string,
  kind: CardKind,
  query: CardQuery,
  defaultCount?: number,
): Promise<ListOutcome<Card>> {
  const uriIds =
    query.card_uris === undefined ? undefined : idsFromUris(query.card_uris, "card_uris");
  const idFilters = [query.card_id, query.card_ids, uriIds].filter((ids) => ids !== undefined);
  return runList(ctx, {
    scope: `cards.${kind}:${accountId}`,
    sortable: CARD_SORT[kind],
    defaultSort: "created_at-asc",
    defaultCount,
    params: query,
    where: {
      AND: [
        { accountId, kind },
        ...idFilters.map((ids) => inList("id", ids)),
        inList("cardType", query.card_types),
        namePrefix(query.q),
      ],
    },
    findMany: (args) => ctx.prisma.card.findMany(args as Prisma.CardFindManyArgs),
    count: (where) => ctx.prisma.card.count({ where }),
  });
}

/** spec §4.7 cards/all: cards of any kind by URI, in the order asked. */
export async function cardsByUris(
  ctx: AppContext,
  accountId: string,
  uris: readonly string[],
  withDeleted: boolean,
): Promise<Card[]> {
  const ids = idsFromUris(uris, "card_uris");
  const rows = await ctx.prisma.card.findMany({
    where: { accountId, id: { in: ids }, ...(withDeleted ? {} : { deleted: false }) },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}
