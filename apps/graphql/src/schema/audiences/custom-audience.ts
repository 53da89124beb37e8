import {
  AUDIENCE_TYPES,
  PERMISSION_LEVELS,
  BOOLEAN_OPERATORS,
  FREQUENCY_COMPARATORS,
} from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import {
  BetaFeatureRequiredError,
  DuplicateNameError,
  NotAudienceOwnerError,
  SharingNotAllowedError,
} from "../../errors/facade-errors.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import type {
  AudiencePermissionShape,
  CustomAudienceShape,
  TargetedEntryShape,
} from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "../accounts/account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { textOf } from "../../fields/properties.js";
import { CampaignRef } from "../campaigns/campaign.js";
import {
  connectionComplexity,
  backwardPageArgs,
  connectionOfAll,
  connectionType,
  pageArgs,
} from "../../fields/connections.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import type { InputObjectSpec } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  ownedBy,
  payload,
} from "../../fields/mutations.js";
import { closedEnum, knownValue } from "../common/enums.js";
import { LineItemRef } from "../campaigns/line-item.js";
import { serves } from "../../fields/serves.js";
import { observedFields, observedListFields } from "../../fields/observed-fields.js";
import {
  CustomAudienceListType,
  CustomAudienceNotTargetableReason,
  CustomAudiencePartnerSource,
  CustomAudienceTargetableType,
} from "../common/observed-enums.js";

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
const listTypeOf = (audience: CustomAudienceShape): string | null => textOf(audience, "list_type");

builder.node(CustomAudienceRef, {
  description:
    "A custom audience (spec §2.10) as the account it was read from sees it: its own, or " +
    "shared with it (isOwner false). Members are uploaded hashed (spec §4.8); size and " +
    "targetability show how an upload is doing.",
  id: { resolve: (a) => entityKey(a.account_id, a.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("custom_audiences.get").loadMany(keys)),
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
    ...observedListFields(t, "targetableTypes", {
      enum: CustomAudienceTargetableType,
      description:
        "How line items may use the audience (target or exclude it); empty when they cannot yet.",
      resolve: (a) => a.targetable_types,
    }),
    ...observedListFields(t, "reasonsNotTargetable", {
      enum: CustomAudienceNotTargetableReason,
      description:
        "Why line items cannot target the audience yet (PROCESSING: people were added or removed a short while ago); empty when targetable is true.",
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
    ...observedFields(t, "listType", {
      enum: CustomAudienceListType,
      description:
        "What identifies the audience's people; null when it mixes kinds of identifier or has none.",
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
    ...observedFields(t, "partnerSource", {
      enum: CustomAudiencePartnerSource,
      description:
        "Which data partner supplied the audience; null when the ads service does not say.",
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
        resolve: (li, _args, { loaders }) =>
          loaders.byId("line_items.get").load(entityKey(li.account_id, li.id)),
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
          loaders.byId("campaigns.get").load(entityKey(entry.account_id, entry.campaign_id)),
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
    ...serves("custom_audiences.permissions.list"),
    type: AudiencePermissionConnection,
    nullable: true,
    description:
      "Accounts the audience is shared with (spec §4.8 permissions list, every page read; " +
      "one request per audience, whatever else asks for it).",
    complexity: connectionComplexity,
    args: { ...pageArgs(t.arg), ...backwardPageArgs(t.arg) },
    resolve: (audience, args, { loaders }) =>
      connectionOfAll(args, 1000, () =>
        loaders.permissionsOfAudience.load(entityKey(audience.account_id, audience.id)),
      ),
  }),
  targetedBy: t.field({
    ...serves("custom_audiences.targeted.list"),
    type: TargetingConnection,
    nullable: true,
    description:
      "Campaigns and their line items of the reading account that target this audience " +
      "(spec §4.8 targeted list, every page read). Their `campaign` and `lineItem` fields " +
      "are read together for every audience of the response.",
    complexity: connectionComplexity,
    args: {
      ...pageArgs(t.arg),
      ...backwardPageArgs(t.arg),
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
    args: {
      id: t.arg.globalID({
        for: CustomAudienceRef,
        required: true,
        description:
          `The \`id\` of the custom audience to read (as \`CustomAudience.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's custom audience is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders.byId("custom_audiences.get").load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const DESCRIPTIONS = {
  name: "Unique within the account (spec §4.8).",
  description: "Free text; may span lines.",
};

closedEnum("BatchAudienceType", {
  description: "spec §4.8: the types the batch creates.",
  values: ["FLEXIBLE", "MOBILE_AUDIENCE"] as const,
});
closedEnum("FrequencyComparator", { values: FREQUENCY_COMPARATORS });
closedEnum("SegmentBooleanOperator", { values: BOOLEAN_OPERATORS });

const SEGMENT: InputObjectSpec = {
  name: "AudienceSegmentInput",
  description:
    "A node of a FLEXIBLE audience: a leaf names a custom audience; a node with children " +
    "combines them with booleanOperator. At most 10 leaves per audience.",
  describe: {
    custom_audience_id: "The audience of a leaf.",
    lookback_window: "1, 7, 14 or 30 days.",
    frequency: "Default 1.",
    frequency_comparator: "Default NUM_GTE.",
    negate: "Default true (spec §4.8).",
    boolean_operator: "Required when childSegments is non-empty.",
  },
};

const audience = { globalIds: { custom_audience_id: CustomAudienceRef } };
const create = mutationArgs("custom_audiences.create", { describe: DESCRIPTIONS });
const update = mutationArgs("custom_audiences.update", { ...audience, describe: DESCRIPTIONS });
const remove = mutationArgs("custom_audiences.delete", audience);
const batch = mutationArgs("custom_audiences.batch", {
  describe: { operations: "1 to 10 operations, run in order, all or nothing." },
  inputs: {
    operations: {
      name: "CustomAudienceBatchOperation",
      description:
        "One operation of the custom-audience batch: CREATE a FLEXIBLE (segments or " +
        "childSegments) or MOBILE_AUDIENCE audience; UPDATE (name, description) or DELETE one " +
        "by customAudienceId.",
      describe: {
        ...DESCRIPTIONS,
        custom_audience_id: "The audience (UPDATE, DELETE).",
        audience_type: "CREATE only.",
        segments: "The definition's root node.",
      },
      inputs: { segments: SEGMENT, child_segments: SEGMENT },
    },
  },
});
const grant = mutationArgs("custom_audiences.permissions.create", {
  ...audience,
  describe: {
    granted_account_id:
      "An account of the owner's business (or any, with SHARE_AUDIENCE_OUTSIDE_BUSINESS).",
  },
});
const revoke = mutationArgs("custom_audiences.permissions.delete", {
  ...audience,
  // A grant is no Node yet (it is read only through its audience): asked by its wire id.
  rename: { custom_audience_permission_id: "permissionRawId" },
  describe: {
    custom_audience_permission_id:
      "The grant's `rawId`, as `CustomAudience.permissions` lists it for this audience.",
  },
});

const CreateCustomAudienceInput = builder.inputType("CreateCustomAudienceInput", {
  description: "spec §4.8 POST custom_audiences: an empty audience; add users to it next.",
  fields: create.fields,
});

const UpdateCustomAudienceInput = builder.inputType("UpdateCustomAudienceInput", {
  description: "spec §4.8 PUT: a new name or description (a FLEXIBLE audience is immutable).",
  fields: update.fields,
});

const BatchCustomAudiencesInput = builder.inputType("BatchCustomAudiencesInput", {
  fields: batch.fields,
});

const GrantPermissionInput = builder.inputType("GrantCustomAudiencePermissionInput", {
  description: "spec §4.8 POST permissions: share an audience the account owns.",
  fields: grant.fields,
});

const RevokePermissionInput = builder.inputType("RevokeCustomAudiencePermissionInput", {
  description:
    "spec §4.8 DELETE permissions: the grantee can no longer target the audience in new " +
    "campaigns; running ones keep it.",
  fields: revoke.fields,
});

const AudiencePayload = (name: string, description: string) =>
  payload(name, "customAudience", CustomAudienceRef, description);
const PermissionPayload = (name: string, description: string) =>
  payload(name, "permission", AudiencePermissionRef, description);

const BatchPayload = builder
  .objectRef<{ customAudiences: CustomAudienceShape[] }>("BatchCustomAudiencesPayload")
  .implement({
    description: "The audiences the operations touched, in input order.",
    fields: (t) => ({
      customAudiences: t.field({ type: [CustomAudienceRef], resolve: (r) => r.customAudiences }),
    }),
  });

builder.mutationFields((t) => ({
  createCustomAudience: t.field({
    type: createPayload(
      "CreateCustomAudience",
      "customAudience",
      CustomAudienceRef,
      "The new audience.",
      inAccount,
    ),
    description: "Creates an empty custom audience (spec §4.8); a used name is DuplicateNameError.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCustomAudience", [DuplicateNameError]),
    args: { input: t.arg({ type: CreateCustomAudienceInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("custom_audiences.create", params);
        const customAudience = ownedBy(data, params.account_id);
        loaders
          .byId("custom_audiences.get")
          .prime(entityKey(params.account_id, data.id), customAudience);
        return { customAudience };
      }, create.fieldOf),
  }),
  updateCustomAudience: t.field({
    type: AudiencePayload("UpdateCustomAudience", "The audience as it is now."),
    description:
      "Renames or describes a custom audience (spec §4.8 PUT); a used name is " +
      "DuplicateNameError, a FLEXIBLE audience a ValidationError (immutable).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCustomAudience", [DuplicateNameError]),
    args: { input: t.arg({ type: UpdateCustomAudienceInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("custom_audiences.update", params);
        return { customAudience: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteCustomAudience: t.field({
    type: deletePayload(
      "DeleteCustomAudience",
      "customAudience",
      CustomAudienceRef,
      "The audience, now with deleted=true.",
    ),
    description: "Deletes a custom audience (spec §4.8).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCustomAudience"),
    args: inputArg(t.arg, "DeleteCustomAudience", remove.fields, "The custom audience to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("custom_audiences.delete", params);
        return deleted(
          CustomAudienceRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
  batchCustomAudiences: t.field({
    type: BatchPayload,
    description:
      "Creates, updates and deletes FLEXIBLE and MOBILE_AUDIENCE audiences in one request, in " +
      "order, all or nothing (spec §4.8, a closed beta: BetaFeatureRequiredError outside it). " +
      "A failing operation is a ValidationError on `operations[i].<field>` (its input index).",
    authScopes: { authenticated: true },
    errors: mutationErrors("BatchCustomAudiences", [BetaFeatureRequiredError, DuplicateNameError]),
    args: { input: t.arg({ type: BatchCustomAudiencesInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = batch.params(input);
        const { data } = await upstream.call("custom_audiences.batch", params);
        return {
          customAudiences: data.map((audience) => ownedBy(audience, params.account_id)),
        };
      }, batch.fieldOf),
  }),
  grantCustomAudiencePermission: t.field({
    type: PermissionPayload("GrantCustomAudiencePermission", "The new grant."),
    description:
      "Shares a custom audience with another account (spec §4.8): only its owner may " +
      "(NotAudienceOwnerError), and only within the owner's business unless it has " +
      "SHARE_AUDIENCE_OUTSIDE_BUSINESS (SharingNotAllowedError).",
    authScopes: { authenticated: true },
    errors: mutationErrors("GrantCustomAudiencePermission", [
      NotAudienceOwnerError,
      SharingNotAllowedError,
    ]),
    args: { input: t.arg({ type: GrantPermissionInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = grant.params(input);
        const { data } = await upstream.call("custom_audiences.permissions.create", params);
        return { permission: ownedBy(data, params.account_id) };
      }, grant.fieldOf),
  }),
  revokeCustomAudiencePermission: t.field({
    type: PermissionPayload("RevokeCustomAudiencePermission", "The grant, now with deleted=true."),
    description:
      "Revokes a share (spec §4.8): only the audience's owner may (NotAudienceOwnerError).",
    authScopes: { authenticated: true },
    errors: mutationErrors("RevokeCustomAudiencePermission", [NotAudienceOwnerError]),
    args: { input: t.arg({ type: RevokePermissionInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = revoke.params(input);
        const { data } = await upstream.call("custom_audiences.permissions.delete", params);
        return { permission: ownedBy(data, params.account_id) };
      }, revoke.fieldOf),
  }),
}));
