import type { Card as CardResource, ConversationCard, PollCard } from "@adsgraph/models";
import type { Card } from "../generated/prisma/client.js";
import type { CONVERSATION_TEXTS } from "./conversation-cards.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

export type CardKind = "generic" | "poll" | "video_conversation" | "image_conversation";

export const cardUriOf = (id: string): string => `card://${id}`;

const MS_PER_MINUTE = 60_000;

/** spec §3: a poll closes duration_in_minutes after creation; end_time is that moment. */
export function pollEnd(row: Pick<Card, "createdAt" | "durationInMinutes">): Date {
  return new Date(row.createdAt.getTime() + (row.durationInMinutes ?? 0) * MS_PER_MINUTE);
}

/** What every card answers, whatever its kind (spec §2.8, §2.1). */
function common(row: Card) {
  return {
    id: row.id,
    name: row.name,
    card_type: row.cardType,
    card_uri: cardUriOf(row.id),
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

/** A generic card's stored body (cards.ts): its components or slides, with media metadata. */
type GenericBody = Pick<Presented<CardResource>, "components" | "slides">;

/** A poll's stored body (poll-cards.ts): its choices, media key and media fields. */
type PollBody = Pick<
  Presented<PollCard>,
  | "first_choice"
  | "second_choice"
  | "third_choice"
  | "fourth_choice"
  | "video_url"
  | "video_hls_url"
  | "video_width"
  | "video_height"
  | "video_poster_url"
  | "video_poster_width"
  | "video_poster_height"
  | "content_duration_seconds"
> & { media_key?: string };

/** A conversation card's stored body (conversation-cards.ts): texts and media, none in the spec. */
type ConversationBody = Partial<
  Record<
    | (typeof CONVERSATION_TEXTS)[number]
    | "media_key"
    | "poster_media_key"
    | "video_url"
    | "video_poster_url"
    | "image_url",
    string
  >
>;

/** spec §2.8 generic card: components or slides with each media key's metadata (as recorded). */
export function presentGenericCard(row: Card): Presented<CardResource> {
  // The body cards.ts stored (JSON): what the catalog admitted, with media metadata added.
  const body = (row.body ?? {}) as GenericBody;
  return {
    ...common(row),
    ...(body.components === undefined ? {} : { components: body.components }),
    ...(body.slides === undefined ? {} : { slides: body.slides }),
  };
}

/** spec §2.8 poll card: choices, start and end time, and whether it has `closed`. */
export function presentPollCard(row: Card, now: Date): Presented<PollCard> & { closed: boolean } {
  // The body poll-cards.ts stored (JSON); its media_key is write-only.
  const { media_key: _writeOnly, ...visible } = (row.body ?? {}) as PollBody;
  const end = pollEnd(row);
  return {
    ...common(row),
    ...visible,
    start_time: ts(row.createdAt),
    end_time: ts(end),
    duration_in_minutes: row.durationInMinutes ?? 0,
    closed: now >= end,
  };
}

/** spec §2.11 conversation cards (fields not shown): every card field and the stored body. */
export function presentConversationCard(
  row: Card,
): Presented<ConversationCard> & ReturnType<typeof common> & ConversationBody {
  // The body conversation-cards.ts (or the seed) stored (JSON).
  return { ...common(row), ...((row.body ?? {}) as ConversationBody) };
}

/** A card of any kind, as its kind answers it (`cards/all`). */
export function presentCard(
  row: Card,
  now: Date,
):
  | ReturnType<typeof presentGenericCard>
  | ReturnType<typeof presentPollCard>
  | ReturnType<typeof presentConversationCard> {
  switch (row.kind as CardKind) {
    case "generic":
      return presentGenericCard(row);
    case "poll":
      return presentPollCard(row, now);
    case "video_conversation":
    case "image_conversation":
      return presentConversationCard(row);
  }
}
