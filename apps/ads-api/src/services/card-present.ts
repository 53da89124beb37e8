import type { Card } from "../generated/prisma/client.js";
import { ts } from "./time.js";

export type CardKind = "generic" | "poll" | "video_conversation" | "image_conversation";

export const cardUriOf = (id: string): string => `card://${id}`;

const MS_PER_MINUTE = 60_000;

/** spec §3: a poll closes duration_in_minutes after creation; end_time is that moment. */
export function pollEnd(row: Pick<Card, "createdAt" | "durationInMinutes">): Date {
  return new Date(row.createdAt.getTime() + (row.durationInMinutes ?? 0) * MS_PER_MINUTE);
}

function common(row: Card): Record<string, unknown> {
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

/** Drops fields that are absent (the models type them optional, not nullable). */
function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== null),
  );
}

/**
 * A card as its kind answers it: generic cards (spec §2.8) carry components or slides with
 * each media key's media_metadata (as the recordings do); polls carry choices, start/end time
 * and `closed`; conversation cards their calls to action. `media_key` of polls is write-only.
 */
export function presentCard(row: Card, now: Date): Record<string, unknown> {
  const body = (row.body ?? {}) as Record<string, unknown>;
  switch (row.kind as CardKind) {
    case "generic":
      return { ...common(row), ...defined({ components: body.components, slides: body.slides }) };
    case "poll": {
      const end = pollEnd(row);
      const { media_key: _writeOnly, ...visible } = body;
      return {
        ...common(row),
        ...defined(visible),
        start_time: ts(row.createdAt),
        end_time: ts(end),
        duration_in_minutes: row.durationInMinutes,
        closed: now >= end,
      };
    }
    case "video_conversation":
    case "image_conversation":
      return { ...common(row), ...defined(body) };
  }
}
