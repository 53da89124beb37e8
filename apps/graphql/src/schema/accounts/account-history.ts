import { ACCOUNT_HISTORY_ENTITY_TYPES } from "@adsgraph/models";
import type { AccountHistoryEntry } from "@adsgraph/models";
import { builder } from "../../builder.js";
import {
  connectionComplexity,
  connectionType,
  pageArgs,
  pagingFor,
  toConnection,
} from "../../fields/connections.js";
import { attempt, inputPath } from "../../fields/mutations.js";
import {
  entityOfType,
  globalIdExtensions,
  isDecodedId,
  wireIdOf,
} from "../../fields/entity-ids.js";
import type { Entity } from "../../fields/entity-ids.js";
import type { Owned } from "../../loaders/shapes.js";
import { closedEnum, knownValue } from "../common/enums.js";
import { AccountRef } from "./account.js";
import { eachRule, fetchedBy } from "../../cost/fetch-rule.js";

type AccountChangeShape = Owned<AccountHistoryEntry>;

const ChangedEntityTypeEnum = closedEnum("ChangedEntityType", {
  description: "The kinds of object whose changes the account's history keeps.",
  values: ACCOUNT_HISTORY_ENTITY_TYPES,
  describe: {
    CAMPAIGN: "A campaign.",
    LINE_ITEM: "A line item (an ad group of a campaign).",
    PROMOTED_POST: "A post promoted on a line item.",
    TARGETING_CRITERIA: "A targeting criterion of a line item.",
    PROMOTED_ACCOUNT: "A user promoted on a line item.",
  },
});

/** The history's entity type of each object type whose global id `entityId` may take. */
const ENTITY_TYPE_OF: Readonly<Record<string, (typeof ACCOUNT_HISTORY_ENTITY_TYPES)[number]>> = {
  Campaign: "CAMPAIGN",
  LineItem: "LINE_ITEM",
  PromotedPost: "PROMOTED_POST",
  TargetingCriterion: "TARGETING_CRITERIA",
  PromotedAccount: "PROMOTED_ACCOUNT",
};

const AccountChangeRef = builder.objectRef<AccountChangeShape>("AccountChange").implement({
  description: "One change someone made to a campaign, line item or other object of an account.",
  fields: (t) => ({
    entityType: t.field({
      type: ChangedEntityTypeEnum,
      nullable: true,
      description:
        "The kind of object changed; null when not given or a kind this API does not know yet " +
        "(see entityTypeRaw).",
      resolve: (c) => knownValue(ACCOUNT_HISTORY_ENTITY_TYPES, c.entity_type),
    }),
    entityTypeRaw: t.string({
      nullable: true,
      description:
        "The kind of object changed, as the code the ads platform sent (show it when " +
        "entityType is null); null when not given.",
      resolve: (c) => c.entity_type ?? null,
    }),
    entityRawId: t.string({
      nullable: true,
      description: "The changed object's own id (its `rawId`); null when not given.",
      resolve: (c) => c.entity_id ?? null,
    }),
    userId: t.string({
      nullable: true,
      description:
        "The id of the user who made the change (digits, kept as a string: it exceeds 2^53); " +
        "null when not known.",
      resolve: (c) => c.user_id ?? null,
    }),
    changedAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the change was made (ISO 8601, UTC); null when not known.",
      resolve: (c) => c.timestamp ?? null,
    }),
  }),
});

const AccountChangeConnection = connectionType(
  "AccountChange",
  AccountChangeRef,
  "Changes to one object of an account, oldest first.",
  { totalCount: false },
);

const USER = entityOfType("User");

/** The objects whose changes the service records: the only ids `entityId` takes. */
const CHANGED: Entity = { typenames: Object.keys(ENTITY_TYPE_OF), scope: "account" };

/**
 * The wire type and id `entityId` names. The input rules plugin has refused another type's id
 * or a malformed one (naming the argument); the account part must be this account's.
 */
function changedEntity(entityId: unknown, accountId: string) {
  if (!isDecodedId(entityId)) throw new TypeError("entityId was not decoded");
  const entity_type = ENTITY_TYPE_OF[entityId.typename];
  if (entity_type === undefined) throw new TypeError(`no history of ${entityId.typename}`);
  return { entity_type, entity_id: wireIdOf(CHANGED, entityId, "entityId", accountId).id };
}

/**
 * One page each time the field resolves; none when the entity or paging is refused first
 * (another account's entity, a foreign cursor).
 */
const CHANGES_PAGE = 1000;
const CHANGES = eachRule("account_history.list", { optional: true, maxCount: CHANGES_PAGE });

builder.objectFields(AccountRef, (t) => ({
  changeHistory: t.field({
    ...fetchedBy(CHANGES),
    type: AccountChangeConnection,
    nullable: true,
    description:
      "Who changed one object of the account, and when, within a window of whole hours, " +
      "oldest first. Open only to accounts admitted to this (beta) feature; for others it is " +
      "null with an error.",
    complexity: connectionComplexity,
    args: {
      ...pageArgs(t.arg),
      entityId: t.arg({
        type: "ID",
        required: true,
        extensions: globalIdExtensions(CHANGED),
        description:
          "The changed object: the id of a Campaign, LineItem, PromotedPost, " +
          "TargetingCriterion or PromotedAccount of this account.",
      }),
      startTime: t.arg({
        type: "DateTime",
        required: true,
        description:
          "Start of the window (ISO 8601, UTC), on a whole hour: minutes and seconds zero.",
      }),
      endTime: t.arg({
        type: "DateTime",
        required: true,
        description:
          "End of the window (ISO 8601, UTC), on a whole hour: minutes and seconds zero.",
      }),
      userId: t.arg({
        type: "ID",
        extensions: globalIdExtensions(USER),
        description:
          "Only changes made by this user (a `User.id`, e.g. `viewer.user.id`); all users when " +
          "left out.",
      }),
    },
    resolve: (account, args, { upstream }) =>
      attempt(
        async () => {
          const paging = pagingFor(args, CHANGES_PAGE);
          const page = await upstream.page("account_history.list", {
            account_id: account.id,
            ...changedEntity(args.entityId, account.id),
            start_time: args.startTime,
            end_time: args.endTime,
            ...(isDecodedId(args.userId) && { user_id: args.userId.id }),
            count: paging.count,
            ...(paging.cursor !== undefined && { cursor: paging.cursor }),
          });
          return toConnection(
            { ...page, items: page.items.map((item) => ({ ...item, account_id: account.id })) },
            paging,
            null,
          );
        },
        inputPath({ entity_id: "entityId", entity_type: "entityId", user_id: "userId" }),
      ),
  }),
}));
