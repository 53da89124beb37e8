import { AUDIENCE_TYPES, PERMISSION_LEVELS } from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { ID_INPUT } from "../../input/input-rules.js";
import { entityKey } from "../../loaders/keys.js";
import type {
  AudiencePermissionShape,
  CustomAudienceShape,
  TargetedEntryShape,
} from "../../loaders/shapes.js";
import { AccountRef } from "../accounts/account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { CampaignRef } from "../campaigns/campaign.js";
import { connectionComplexity, connectionOfAll, connectionType, pageArgs } from "../../fields/connections.js";
import { closedEnum, knownValue } from "../common/enums.js";
import { LineItemRef } from "../campaigns/line-item.js";

export const AudienceTypeEnum = builder.enumType("AudienceType", {
  description: "spec §2.10: CRM is observed; FLEXIBLE and MOBILE_AUDIENCE are creatable (batch).",
  values: AUDIENCE_TYPES,
});
export const PermissionLevelEnum = closedEnum("AudiencePermissionLevel", {
  description: "spec §2.10: what a grantee may do with a shared audience.",
  values: PERMISSION_LEVELS,
});

/** A custom audience (spec §2.10) as the account it was read from sees it. */
export const CustomAudienceRef = builder.objectRef<CustomAudienceShape>("CustomAudience");

/** The answer's `list_type` (recorded beyond the spec: EMAIL, DEVICE_ID, null). */
const listTypeOf = (audience: CustomAudienceShape): string | null => {
  const value: unknown = (audience as { list_type?: unknown }).list_type;
  return typeof value === "string" ? value : null;
};

builder.node(CustomAudienceRef, {
  description:
    "A custom audience (spec §2.10) as the account it was read from sees it: its own, or " +
    "shared with it (isOwner false). Members are uploaded hashed (spec §4.8); size and " +
    "targetability show how an upload is doing.",
  id: { resolve: (a) => entityKey(a.account_id, a.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.customAudience.loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The audience id as the ads service names it.",
      resolve: (a) => a.id,
    }),
    name: t.string({ description: "Unique within the account.", resolve: (a) => a.name }),
    description: t.string({ nullable: true, resolve: (a) => a.description ?? null }),
    audienceType: t.field({
      type: AudienceTypeEnum,
      nullable: true,
      description: "Null for a value outside AudienceType.",
      resolve: (a) => knownValue(AUDIENCE_TYPES, a.audience_type),
    }),
    targetable: t.boolean({
      description: "Whether line items may target it now (see reasonsNotTargetable).",
      resolve: (a) => a.targetable,
    }),
    targetableTypes: t.stringList({
      description: "Observed: CRM, EXCLUDED_CRM.",
      resolve: (a) => a.targetable_types,
    }),
    reasonsNotTargetable: t.stringList({
      description:
        "Observed: PROCESSING (users were added or removed a short while ago), TOO_SMALL.",
      resolve: (a) => a.reasons_not_targetable,
    }),
    processing: t.boolean({
      description:
        "True while the last upload of users is being processed (reasonsNotTargetable holds " +
        "PROCESSING): the upload's progress as the ads service shows it.",
      resolve: (a) => a.reasons_not_targetable.includes("PROCESSING"),
    }),
    audienceSize: t.int({
      nullable: true,
      description:
        "Matched members; null while too small to show (the ads service hides small counts).",
      resolve: (a) => a.audience_size,
    }),
    listType: t.string({
      nullable: true,
      description: "Observed: EMAIL, DEVICE_ID (one kind of identifier), null (mixed or none).",
      resolve: listTypeOf,
    }),
    permissionLevel: t.field({
      type: PermissionLevelEnum,
      nullable: true,
      description: "The reading account's permission: READ_WRITE for its own audiences.",
      resolve: (a) => knownValue(PERMISSION_LEVELS, a.permission_level),
    }),
    isOwner: t.boolean({
      nullable: true,
      description: "Whether the reading account owns it (only the owner shares it).",
      resolve: (a) =>
        a.is_owner ??
        (a.owner_account_id === undefined ? null : a.owner_account_id === a.account_id),
    }),
    ownerAccountId: t.string({
      nullable: true,
      resolve: (a) => a.owner_account_id ?? (a.is_owner === true ? a.account_id : null),
    }),
    ownerAccount: t.field({
      type: AccountRef,
      nullable: true,
      description:
        "The owning account, when the caller can access it (null with an error otherwise); " +
        "read with the other accounts of the response in one request.",
      resolve: (a, _args, { loaders }) => {
        const owner = a.owner_account_id ?? (a.is_owner === true ? a.account_id : undefined);
        return owner === undefined ? null : loaders.account.load(owner);
      },
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The account it was read from.",
      resolve: (a, _args, { loaders }) => loaders.account.load(a.account_id),
    }),
    partnerSource: t.string({
      nullable: true,
      description: "Observed: OTHER.",
      resolve: (a) => a.partner_source,
    }),
    createdAt: t.field({ type: "DateTime", resolve: (a) => a.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (a) => a.updated_at }),
    deleted: t.boolean({ resolve: (a) => a.deleted }),
  }),
});

export const CustomAudienceConnection = connectionType(
  "CustomAudience",
  CustomAudienceRef,
  "Custom audiences of an account (its own and those shared with it).",
);

export const AudiencePermissionRef = builder
  .objectRef<AudiencePermissionShape>("CustomAudiencePermission")
  .implement({
    description:
      "A grant of a custom audience to another account (spec §2.10). Its owner sees every " +
      "grant; a grantee only its own.",
    fields: (t) => ({
      rawId: t.string({
        description: "The permission id (revokeCustomAudiencePermission takes it).",
        resolve: (p) => p.id,
      }),
      customAudienceId: t.string({
        nullable: true,
        resolve: (p) => p.custom_audience_id ?? p.tailored_audience_id ?? null,
      }),
      grantedAccountId: t.string({ resolve: (p) => p.granted_account_id }),
      permissionLevel: t.field({
        type: PermissionLevelEnum,
        resolve: (p) => p.permission_level,
      }),
      createdAt: t.field({ type: "DateTime", resolve: (p) => p.created_at }),
      updatedAt: t.field({ type: "DateTime", resolve: (p) => p.updated_at }),
      deleted: t.boolean({ resolve: (p) => p.deleted }),
    }),
  });

const AudiencePermissionConnection = connectionType(
  "CustomAudiencePermission",
  AudiencePermissionRef,
  "Grants of a custom audience.",
);

type TargetedLineItem = TargetedEntryShape["line_items"][number] & { readonly account_id: string };

const TargetingLineItemRef = builder
  .objectRef<TargetedLineItem>("AudienceTargetingLineItem")
  .implement({
    description: "A line item targeting the audience, as the targeted list names it.",
    fields: (t) => ({
      lineItemId: t.string({ resolve: (li) => li.id }),
      name: t.string({ nullable: true, resolve: (li) => li.name }),
      servable: t.boolean({ nullable: true, resolve: (li) => li.servable }),
      lineItem: t.field({
        type: LineItemRef,
        nullable: true,
        description:
          "The line item itself: read with every other line item of the response, ≤200 ids " +
          "per request.",
        resolve: (li, _args, { loaders }) => loaders.lineItem.load(entityKey(li.account_id, li.id)),
      }),
    }),
  });

const TargetingCampaignRef = builder
  .objectRef<TargetedEntryShape>("AudienceTargetingCampaign")
  .implement({
    description:
      "spec §4.8 `custom_audiences/:id/targeted`: a campaign with its line items targeting " +
      "the audience.",
    fields: (t) => ({
      campaignId: t.string({ resolve: (entry) => entry.campaign_id }),
      campaignName: t.string({ nullable: true, resolve: (entry) => entry.campaign_name }),
      campaign: t.field({
        type: CampaignRef,
        nullable: true,
        description:
          "The campaign itself: read with every other campaign of the response, ≤200 ids per " +
          "request.",
        resolve: (entry, _args, { loaders }) =>
          loaders.campaign.load(entityKey(entry.account_id, entry.campaign_id)),
      }),
      lineItems: t.field({
        type: [TargetingLineItemRef],
        resolve: (entry) => entry.line_items.map((li) => ({ ...li, account_id: entry.account_id })),
      }),
    }),
  });

const TargetingConnection = connectionType(
  "AudienceTargetingCampaign",
  TargetingCampaignRef,
  "Campaigns whose line items target an audience.",
);

builder.objectFields(CustomAudienceRef, (t) => ({
  permissions: t.field({
    type: AudiencePermissionConnection,
    nullable: true,
    description:
      "Accounts the audience is shared with (spec §4.8 permissions list, every page read; " +
      "one request per audience, whatever else asks for it).",
    complexity: connectionComplexity,
    args: pageArgs(t.arg),
    resolve: (audience, args, { loaders }) =>
      connectionOfAll(args, 1000, () =>
        loaders.permissionsOfAudience.load(entityKey(audience.account_id, audience.id)),
      ),
  }),
  targetedBy: t.field({
    type: TargetingConnection,
    nullable: true,
    description:
      "Campaigns and their line items of the reading account that target this audience " +
      "(spec §4.8 targeted list, every page read). Their `campaign` and `lineItem` fields " +
      "are read together for every audience of the response.",
    complexity: connectionComplexity,
    args: {
      ...pageArgs(t.arg),
      withActive: t.arg.boolean({
        description: "Only active campaigns and line items (default true); false: all.",
      }),
    },
    resolve: (audience, args, { loaders }) =>
      connectionOfAll(args, 1000, () =>
        loaders
          .targetedOfAudience({ withActive: args.withActive ?? true })
          .load(entityKey(audience.account_id, audience.id)),
      ),
  }),
}));

builder.objectFields(AccountRef, (t) => ({
  customAudiences: accountListField(t, "custom_audiences.list", {
    type: CustomAudienceConnection,
    description:
      "The account's custom audiences and those shared with it (spec §4.8), a page at a time.",
    describe: {
      custom_audience_ids: "Only these audience ids (≤200).",
      with_deleted: "Include deleted audiences.",
    },
  }),
  customAudience: t.field({
    type: CustomAudienceRef,
    nullable: true,
    description:
      "One custom audience this account owns or is granted; null with an error if missing.",
    args: { id: t.arg.string({ required: true, ...ID_INPUT }) },
    resolve: (account, { id }, { loaders }) =>
      loaders.customAudience.load(entityKey(account.id, id)),
  }),
}));
