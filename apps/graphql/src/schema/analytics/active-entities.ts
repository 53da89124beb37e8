import { brandWithType } from "@pothos/core";
import { builder } from "../../builder.js";
import { NotFoundError } from "../../errors/facade-errors.js";
import { activeEntitiesRule, byIdRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { ByIdRule } from "../../cost/fetch-rule.js";
import { entityKey } from "../../loaders/keys.js";
import { AccountRef } from "../accounts/account.js";
import { FundingInstrumentRef } from "../accounts/funding-instrument.js";
import { PromotedAccountRef } from "../accounts/promoted-account.js";
import { CampaignRef } from "../campaigns/campaign.js";
import { LineItemRef } from "../campaigns/line-item.js";
import { MediaCreativeRef } from "../creatives/media-creative.js";
import { PromotedPostRef } from "../creatives/promoted-post.js";
import { closedEnum } from "../common/enums.js";
import { checkedRange } from "./metrics-args.js";
import { MetricsRangeInput } from "./metrics-type.js";

const ACTIVE_ENTITY_TYPES = [
  "FUNDING_INSTRUMENT",
  "CAMPAIGN",
  "LINE_ITEM",
  "PROMOTED_POST",
  "PROMOTED_ACCOUNT",
  "MEDIA_CREATIVE",
] as const;
type ActiveEntityType = (typeof ACTIVE_ENTITY_TYPES)[number];

/** How each type's entity is read by id, and its graph type (for `entity: Node`). */
const READS = {
  FUNDING_INSTRUMENT: { rule: byIdRule("funding_instruments.get"), type: FundingInstrumentRef },
  CAMPAIGN: { rule: byIdRule("campaigns.get"), type: CampaignRef },
  LINE_ITEM: { rule: byIdRule("line_items.get"), type: LineItemRef },
  PROMOTED_POST: { rule: byIdRule("promoted_posts.get"), type: PromotedPostRef },
  PROMOTED_ACCOUNT: { rule: byIdRule("promoted_accounts.get"), type: PromotedAccountRef },
  MEDIA_CREATIVE: { rule: byIdRule("media_creatives.get"), type: MediaCreativeRef },
} as const satisfies Record<ActiveEntityType, { rule: ByIdRule; type: object }>;

const ActiveEntityTypeEnum = closedEnum("ActiveEntityType", {
  description: "A kind of entity that delivers ads.",
  values: ACTIVE_ENTITY_TYPES,
  describe: {
    FUNDING_INSTRUMENT: "Funding instruments.",
    CAMPAIGN: "Campaigns.",
    LINE_ITEM: "Line items.",
    PROMOTED_POST: "Promoted posts.",
    PROMOTED_ACCOUNT: "Promoted accounts.",
    MEDIA_CREATIVE: "Media creatives.",
  },
});

interface ActiveEntityShape {
  readonly entityType: ActiveEntityType;
  readonly entityRawId: string;
  readonly activityStart: string;
  readonly activityEnd: string;
  readonly placements: readonly string[];
  /** Reads the entity (through the request's loaders: planned by `activeEntities`' rule). */
  readonly entity: () => Promise<object | null>;
}

const ActiveEntityRef = builder.objectRef<ActiveEntityShape>("ActiveEntity").implement({
  description:
    "An entity that delivered in a range: its metrics over the range may have changed, so " +
    "read them (or read only these).",
  fields: (t) => ({
    entityType: t.field({
      type: ActiveEntityTypeEnum,
      description: "What kind of entity it is.",
      resolve: (active) => active.entityType,
    }),
    entityRawId: t.string({
      description: "The entity's own id (its `rawId`).",
      resolve: (active) => active.entityRawId,
    }),
    entity: t.field({
      type: builder.nodeInterfaceRef(),
      nullable: true,
      description: "The entity itself; null when it cannot be read (deleted since).",
      resolve: (active) => active.entity(),
    }),
    activityStart: t.field({
      type: "DateTime",
      description: "Its first delivery within the range.",
      resolve: (active) => active.activityStart,
    }),
    activityEnd: t.field({
      type: "DateTime",
      description: "Its last delivery within the range.",
      resolve: (active) => active.activityEnd,
    }),
    placements: t.stringList({
      description: "Where it delivered (placements of its line items, e.g. ALL_ON_TWITTER).",
      resolve: (active) => active.placements,
    }),
  }),
});

const ACTIVE_ENTITIES = activeEntitiesRule(
  "stats.active_entities.list",
  Object.fromEntries(ACTIVE_ENTITY_TYPES.map((type) => [type, READS[type].rule])),
);

builder.objectFields(AccountRef, (t) => ({
  activeEntities: t.field({
    ...fetchedBy(ACTIVE_ENTITIES),
    type: [ActiveEntityRef],
    authScopes: { authenticated: true },
    description:
      "The account's entities of one type that delivered in a range: the ones whose metrics " +
      "may have changed there, so a screen refreshes only those.",
    args: {
      range: t.arg({
        type: MetricsRangeInput,
        required: true,
        description: "The span of time: whole hours, end excluded, at most 90 days.",
      }),
      entityType: t.arg({
        type: ActiveEntityTypeEnum,
        required: true,
        defaultValue: "CAMPAIGN",
        description: "Which kind of entity to list (default CAMPAIGN).",
      }),
    },
    resolve: async (account, { range, entityType }, { loaders }) => {
      const checked = checkedRange(range);
      const found = await loaders.activeEntities({
        accountId: account.id,
        entity: entityType,
        start: checked.start,
        end: checked.end,
      });
      const { rule, type } = READS[entityType];
      return found.map((active): ActiveEntityShape => ({
        entityType,
        entityRawId: active.entity_id,
        activityStart: active.activity_start_time,
        activityEnd: active.activity_end_time,
        placements: active.placements,
        entity: async () => {
          try {
            const read = await loaders
              .byId(rule.read)
              .load(entityKey(account.id, active.entity_id));
            // A copy, branded with its type: answers read upstream are never changed.
            const node = { ...read };
            brandWithType(node, type);
            return node;
          } catch (error) {
            if (error instanceof NotFoundError) return null;
            throw error;
          }
        },
      }));
    },
  }),
}));
