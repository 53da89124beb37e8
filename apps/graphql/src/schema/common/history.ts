import { formatTimestamp } from "@adsgraph/models";
import { PothosValidationError } from "@pothos/core";
import { resolveArrayConnection } from "@pothos/plugin-relay";
import { builder } from "../../builder.js";
import type { Types } from "../../builder.js";
import type { ObjectRef } from "@pothos/core";
import { propertyOf } from "../../fields/properties.js";
import { badUserInputError } from "../../errors/graphql-errors.js";
import type { HistoryEntry } from "../../snapshots/history-reader.js";
import { CampaignRef } from "../campaigns/campaign.js";
import { CardInterface } from "../creatives/card.js";
import { connectionComplexity, nounsOf } from "../../fields/connections.js";
import { FundingInstrumentRef } from "../accounts/funding-instrument.js";
import { LineItemRef } from "../campaigns/line-item.js";
import { fetchedBy, HISTORY_READ } from "../../cost/fetch-rule.js";

const VersionRef = builder.objectRef<HistoryEntry>("ResourceVersion").implement({
  description:
    "One version of an object as this API has read it: a new version appears only when the " +
    "content changed, so reads that found nothing new add none.",
  fields: (t) => ({
    version: t.exposeInt("version", {
      description: "The version's number: 1 for the first one seen, counting up.",
    }),
    fetchedAt: t.field({
      type: "DateTime",
      description: "When this server first saw this content.",
      resolve: (v) => formatTimestamp(v.fetchedAt),
    }),
    lastSeenAt: t.field({
      type: "DateTime",
      description:
        "When this server last saw this content unchanged: the version held at least from " +
        "fetchedAt to this time.",
      resolve: (v) => formatTimestamp(v.lastSeenAt),
    }),
    changedFields: t.stringList({
      description:
        "The fields that differ from the version before, named as in `snapshot` (all of " +
        "them, for the first version).",
      resolve: (v) => v.changedFields,
    }),
    snapshot: t.string({
      description:
        "The object as it was read, as JSON text in the ads service's own field names " +
        "(not this API's): for showing a diff, not for reading values.",
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
    // From the database, after the access check the rule names (history-reader.ts).
    ...fetchedBy(HISTORY_READ),
    type: VersionRef,
    nullable: true,
    description:
      "Versions of this object this API has seen, newest first, with the fields that changed; " +
      "null when it cannot be read.",
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
        return { ...resolveArrayConnection({ args }, versions), totalCount: versions.length };
      } catch (error) {
        // Pothos refuses bad paging arguments (a foreign cursor, a negative count) with its
        // own error type, which would leave as an internal error.
        if (!(error instanceof PothosValidationError)) throw error;
        throw badUserInputError(`Invalid paging argument: ${error.message}`);
      }
    },
  }) as const;

/** The options of a history connection type: its versions are all known, so it counts them. */
const historyConnection = (typename: string) => ({
  description: `A page of the versions of a ${nounsOf(typename).one}, newest first.`,
  edgesField: { description: "The versions on this page, newest first, each with its cursor." },
  fields: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, object>) => ({
    totalCount: t.int({
      description: "How many versions this API has seen, across all pages.",
      resolve: (connection) => {
        const count = propertyOf(connection, "totalCount");
        return typeof count === "number" ? count : 0;
      },
    }),
  }),
});

/** The options of a history edge type. */
const historyEdge = (typename: string) => ({
  description: `One version of a ${nounsOf(typename).one}, with the cursor that points at it.`,
  nodeField: { description: "The version." },
});

/** Gives `ref` a `history` connection over the snapshots of `resourceType`. */
export function addHistory<Parent extends { id: string; account_id: string }>(
  ref: ObjectRef<Types, Parent>,
  resourceType: (parent: Parent) => string,
): void {
  builder.objectField(ref, "history", (t) =>
    t.connection(historyField(resourceType), historyConnection(ref.name), historyEdge(ref.name)),
  );
}

addHistory(CampaignRef, () => "campaign");
addHistory(FundingInstrumentRef, () => "funding_instrument");
addHistory(LineItemRef, () => "line_item");
builder.interfaceField(CardInterface, "history", (t) =>
  t.connection(
    historyField((card) => CARD_RESOURCE_TYPE[card.card_kind]),
    historyConnection(CardInterface.name),
    historyEdge(CardInterface.name),
  ),
);
