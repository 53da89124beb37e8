import { formatTimestamp } from "@adsgraph/models";
import { PothosValidationError } from "@pothos/core";
import { resolveArrayConnection } from "@pothos/plugin-relay";
import { builder } from "../../builder.js";
import { badUserInputError } from "../../errors/graphql-errors.js";
import type { HistoryEntry } from "../../snapshots/history-reader.js";
import { CampaignRef } from "../campaigns/campaign.js";
import { CardInterface } from "../creatives/card.js";
import { connectionComplexity } from "../../fields/connections.js";
import { FundingInstrumentRef } from "../accounts/funding-instrument.js";
import { LineItemRef } from "../campaigns/line-item.js";

const VersionRef = builder.objectRef<HistoryEntry>("ResourceVersion").implement({
  description:
    "One version of a resource as the facade read it (snapshots): a new version only when the " +
    "content changed, so reads that changed nothing add none.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    fetchedAt: t.field({
      type: "DateTime",
      description: "When this content was first read.",
      resolve: (v) => formatTimestamp(v.fetchedAt),
    }),
    lastSeenAt: t.field({
      type: "DateTime",
      description: "The last read that still found this content.",
      resolve: (v) => formatTimestamp(v.lastSeenAt),
    }),
    changedFields: t.stringList({
      description:
        "Wire names of the fields that differ from the version before (all, for the first).",
      resolve: (v) => v.changedFields,
    }),
    snapshot: t.string({
      description: "The resource as read, as JSON text (the service's field names).",
      resolve: (v) => JSON.stringify(v.body),
    }),
  }),
});

const CARD_RESOURCE_TYPE = {
  generic: "card",
  poll: "poll_card",
  video_conversation: "video_conversation_card",
  image_conversation: "image_conversation_card",
} as const;

/** A `history` connection field over the snapshots of `resourceType` (freshness.ts entityTypeOf). */
export const historyField = <Parent extends { id: string; account_id: string }>(
  resourceType: (parent: Parent) => string,
) =>
  ({
    type: VersionRef,
    nullable: true,
    description:
      "Versions of this resource the facade has seen, newest first, with the fields that changed.",
    complexity: connectionComplexity,
    resolve: async (
      parent: Parent,
      args: {
        first?: number | null;
        after?: string | null;
        last?: number | null;
        before?: string | null;
      },
      { history }: { history: (t: string, id: string, account: string) => Promise<HistoryEntry[]> },
    ) => {
      const versions = await history(resourceType(parent), parent.id, parent.account_id);
      try {
        return resolveArrayConnection({ args }, versions);
      } catch (error) {
        // Pothos refuses bad paging arguments (a foreign cursor, a negative count) with its
        // own error type, which would leave as an internal error.
        if (!(error instanceof PothosValidationError)) throw error;
        throw badUserInputError(`Invalid paging argument: ${error.message}`);
      }
    },
  }) as const;

builder.objectField(CampaignRef, "history", (t) => t.connection(historyField(() => "campaign")));
builder.objectField(FundingInstrumentRef, "history", (t) =>
  t.connection(historyField(() => "funding_instrument")),
);
builder.objectField(LineItemRef, "history", (t) => t.connection(historyField(() => "line_item")));
builder.interfaceField(CardInterface, "history", (t) =>
  t.connection(historyField((card) => CARD_RESOURCE_TYPE[card.card_kind])),
);
