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
import { observedFields, observedListFields } from "../../fields/observed-fields.js";
import {
  CustomAudienceListType,
  CustomAudienceNotTargetableReason,
  CustomAudiencePartnerSource,
  CustomAudienceTargetableType,
} from "../common/observed-enums.js";
import {
  ACCOUNT_BY_ID,
  byIdRule,
  callRule,
  eachRule,
  fetchedBy,
  wholeListRule,
} from "../../cost/fetch-rule.js";

export const AudienceTypeEnum = builder.enumType("AudienceType", {
  description: "Where a custom audience's people come from.",
  values: {
    CRM: { value: "CRM", description: "People uploaded by e-mail, phone, handle or user id." },
    FLEXIBLE: {
      value: "FLEXIBLE",
      description: "A combination of other custom audiences (see batchCustomAudiences).",
    },
    MOBILE_AUDIENCE: {
      value: "MOBILE_AUDIENCE",
      description: "People who used a mobile app, by their mobile advertising ids.",
    },
    WEB: { value: "WEB", description: "People who visited the advertiser's website." },
  } as const satisfies Record<
    (typeof AUDIENCE_TYPES)[number],
    { value: string; description: string }
  >,
});
export const PermissionLevelEnum = closedEnum("AudiencePermissionLevel", {
  description: "What an account may do with a custom audience shared with it.",
  values: PERMISSION_LEVELS,
  describe: {
    READ_ONLY: "Target the audience in its campaigns; not change it.",
    READ_WRITE: "Target and change the audience (an owner has this on its own audiences).",
  },
});

/** A custom audience (spec §2.10) as the account it was read from sees it. */
export const CustomAudienceRef = builder.objectRef<CustomAudienceShape>("CustomAudience");

/** The answer's `list_type` (recorded beyond the spec: EMAIL, DEVICE_ID, null). */
const listTypeOf = (audience: CustomAudienceShape): string | null => textOf(audience, "list_type");

builder.node(CustomAudienceRef, {
  description:
    "A list of people line items can target or exclude, as the account it was read from " +
    "sees it: its own, or one shared with it (isOwner false). People are added by e-mail, " +
    "phone, device or user id; audienceSize, targetable and processing show how an upload " +
    "is doing.",
  id: {
    description:
      "The audience's global id, as seen from the account it was read from: what " +
      "`node(id:)` and arguments take.",
    resolve: (a) => entityKey(a.account_id, a.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("custom_audiences.get").loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The audience's own id (short letters and digits), the same in every account.",
      resolve: (a) => a.id,
    }),
    name: t.string({
      description: "The audience's name, unique within its owner's audiences.",
      resolve: (a) => a.name,
    }),
    description: t.string({
      nullable: true,
      description: "Free text about the audience; null when none was given.",
      resolve: (a) => a.description ?? null,
    }),
    audienceType: t.field({
      type: AudienceTypeEnum,
      nullable: true,
      description:
        "Where the audience's people come from; null when not given or a kind this API does " +
        "not know yet.",
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
        "Why line items cannot target the audience yet (PROCESSING: people were added or " +
        "removed a short while ago; TOO_SMALL: too few people matched); empty when targetable " +
        "is true.",
      resolve: (a) => a.reasons_not_targetable,
    }),
    processing: t.boolean({
      description:
        "True while the last upload of people is still being processed (reasonsNotTargetable " +
        "holds PROCESSING): show the upload as in progress.",
      resolve: (a) => a.reasons_not_targetable.includes("PROCESSING"),
    }),
    audienceSize: t.int({
      nullable: true,
      description:
        "How many people matched (a count); null while too few to show, since small counts " +
        "are hidden to protect people's privacy.",
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
      description:
        "What the reading account may do with the audience: READ_WRITE for its own; null " +
        "when not given.",
      resolve: (a) => knownValue(PERMISSION_LEVELS, a.permission_level),
    }),
    isOwner: t.boolean({
      nullable: true,
      description:
        "Whether the reading account owns the audience (only the owner may share it); null " +
        "when not known.",
      resolve: (a) =>
        a.is_owner ??
        (a.owner_account_id === undefined ? null : a.owner_account_id === a.account_id),
    }),
    ownerAccountId: t.string({
      nullable: true,
      description: "The `rawId` of the account that owns the audience; null when not known.",
      resolve: (a) => a.owner_account_id ?? (a.is_owner === true ? a.account_id : null),
    }),
    ownerAccount: t.field({
      ...fetchedBy(OWNER_ACCOUNT),
      type: AccountRef,
      nullable: true,
      description:
        "The account that owns the audience; null when not known, null with an error when " +
        "the signed-in user cannot access it.",
      resolve: (a, _args, { loaders }) => {
        const owner = a.owner_account_id ?? (a.is_owner === true ? a.account_id : undefined);
        return owner === undefined ? null : loaders.account.load(owner);
      },
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The account the audience was read from (its owner or a grantee).",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (a, _args, { loaders }) => loaders.account.load(a.account_id),
    }),
    ...observedFields(t, "partnerSource", {
      enum: CustomAudiencePartnerSource,
      description:
        "Which data partner supplied the audience; null when it came from no partner or is " +
        "not known.",
      resolve: (a) => a.partner_source,
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When the audience was created (ISO 8601, UTC).",
      resolve: (a) => a.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When the audience or its people last changed (ISO 8601, UTC).",
      resolve: (a) => a.updated_at,
    }),
    deleted: t.boolean({
      description: "True once the audience is deleted; line items can no longer target it.",
      resolve: (a) => a.deleted,
    }),
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
      "A custom audience shared with another account. The audience's owner sees every " +
      "grant; a grantee only its own.",
    fields: (t) => ({
      rawId: t.string({
        description:
          "The grant's own id: what revokeCustomAudiencePermission and " +
          "CustomAudience.permission(rawId:) take.",
        resolve: (p) => p.id,
      }),
      customAudienceId: t.string({
        nullable: true,
        description: "The `rawId` of the shared audience; null when not given.",
        resolve: (p) => p.custom_audience_id ?? p.tailored_audience_id ?? null,
      }),
      grantedAccountId: t.string({
        description: "The `rawId` of the account the audience is shared with.",
        resolve: (p) => p.granted_account_id,
      }),
      permissionLevel: t.field({
        type: PermissionLevelEnum,
        description: "What that account may do with the audience.",
        resolve: (p) => p.permission_level,
      }),
      createdAt: t.field({
        type: "DateTime",
        description: "When the audience was shared (ISO 8601, UTC).",
        resolve: (p) => p.created_at,
      }),
      updatedAt: t.field({
        type: "DateTime",
        description: "When the grant last changed (ISO 8601, UTC).",
        resolve: (p) => p.updated_at,
      }),
      deleted: t.boolean({
        description: "True once the grant is revoked.",
        resolve: (p) => p.deleted,
      }),
    }),
  });

const AudiencePermissionConnection = connectionType(
  "CustomAudiencePermission",
  AudiencePermissionRef,
  "Grants of a custom audience.",
);

/** Every page of an audience's grants, once per audience (loaders.permissionsOfAudience). */
const GRANTS = wholeListRule("custom_audiences.permissions.list");
/** Every page of what targets an audience, once per audience and filter. */
const TARGETED = wholeListRule("custom_audiences.targeted.list");
/**
 * The owner, another account than the one read from maybe: through `loaders.account` (batched,
 * ≤ one request per audience); none when the owner is unknown or already read.
 */
const OWNER_ACCOUNT = eachRule("accounts.list", { optional: true });

const TARGETING_LINE_ITEM = byIdRule("line_items.get");
const TARGETING_CAMPAIGN = byIdRule("campaigns.get");

type TargetedLineItem = TargetedEntryShape["line_items"][number] & { readonly account_id: string };

const TargetingLineItemRef = builder
  .objectRef<TargetedLineItem>("AudienceTargetingLineItem")
  .implement({
    description: "A line item that targets the audience.",
    fields: (t) => ({
      lineItemId: t.string({ description: "The line item's `rawId`.", resolve: (li) => li.id }),
      name: t.string({
        nullable: true,
        description: "The line item's name; null when it has none.",
        resolve: (li) => li.name,
      }),
      servable: t.boolean({
        nullable: true,
        description: "Whether the line item can deliver ads now; null when not known.",
        resolve: (li) => li.servable,
      }),
      lineItem: t.field({
        type: LineItemRef,
        nullable: true,
        description: "The line item itself; null with an error when it cannot be read.",
        ...fetchedBy(TARGETING_LINE_ITEM),
        resolve: (li, _args, { loaders }) =>
          loaders.byId(TARGETING_LINE_ITEM.read).load(entityKey(li.account_id, li.id)),
      }),
    }),
  });

const TargetingCampaignRef = builder
  .objectRef<TargetedEntryShape>("AudienceTargetingCampaign")
  .implement({
    description: "A campaign with those of its line items that target the audience.",
    fields: (t) => ({
      campaignId: t.string({
        description: "The campaign's `rawId`.",
        resolve: (entry) => entry.campaign_id,
      }),
      campaignName: t.string({
        nullable: true,
        description: "The campaign's name; null when not given.",
        resolve: (entry) => entry.campaign_name,
      }),
      campaign: t.field({
        type: CampaignRef,
        nullable: true,
        description: "The campaign itself; null with an error when it cannot be read.",
        ...fetchedBy(TARGETING_CAMPAIGN),
        resolve: (entry, _args, { loaders }) =>
          loaders
            .byId(TARGETING_CAMPAIGN.read)
            .load(entityKey(entry.account_id, entry.campaign_id)),
      }),
      lineItems: t.field({
        type: [TargetingLineItemRef],
        description: "The campaign's line items that target the audience.",
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
    ...fetchedBy(GRANTS),
    type: AudiencePermissionConnection,
    nullable: true,
    description:
      "The accounts the audience is shared with. The owner sees every grant, a grantee only " +
      "its own.",
    complexity: connectionComplexity,
    args: { ...pageArgs(t.arg), ...backwardPageArgs(t.arg) },
    resolve: (audience, args, { loaders }) =>
      connectionOfAll(args, GRANTS.maxCount, () =>
        loaders.permissionsOfAudience.load(entityKey(audience.account_id, audience.id)),
      ),
  }),
  targetedBy: t.field({
    ...fetchedBy(TARGETED),
    type: TargetingConnection,
    nullable: true,
    description:
      "The reading account's campaigns, with their line items, that target this audience.",
    complexity: connectionComplexity,
    args: {
      ...pageArgs(t.arg),
      ...backwardPageArgs(t.arg),
      withActive: t.arg.boolean({
        description:
          "True (the default): only active campaigns and line items; false: all of them.",
      }),
    },
    resolve: (audience, args, { loaders }) =>
      connectionOfAll(args, TARGETED.maxCount, () =>
        loaders
          .targetedOfAudience({ withActive: args.withActive ?? true })
          .load(entityKey(audience.account_id, audience.id)),
      ),
  }),
}));

const AUDIENCE_OF_ACCOUNT = byIdRule("custom_audiences.get", { argument: "id" });

builder.objectFields(AccountRef, (t) => ({
  customAudiences: accountListField(t, "custom_audiences.list", {
    type: CustomAudienceConnection,
    description: "The account's custom audiences and those shared with it, a page at a time.",
    describe: {
      custom_audience_ids: "Only these audiences (their `id`s, at most 200); all when left out.",
      with_deleted: "Include deleted audiences too (default false).",
    },
  }),
  customAudience: t.field({
    ...fetchedBy(AUDIENCE_OF_ACCOUNT),
    type: CustomAudienceRef,
    nullable: true,
    description:
      "One custom audience this account owns or is granted; null with an error when there is " +
      "none.",
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
      loaders
        .byId(AUDIENCE_OF_ACCOUNT.read)
        .load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const DESCRIPTIONS = {
  account_id: "The account the audience belongs to (its `id`).",
  name: "The audience's name: 1 to 255 characters, unique within the account.",
  description: "Free text about the audience; may span lines.",
};

closedEnum("BatchAudienceType", {
  description: "The kinds of custom audience batchCustomAudiences creates.",
  values: ["FLEXIBLE", "MOBILE_AUDIENCE"] as const,
  describe: {
    FLEXIBLE: "A combination of other custom audiences, defined by segments.",
    MOBILE_AUDIENCE: "People who used a mobile app.",
  },
});
closedEnum("FrequencyComparator", {
  description: "How a segment compares how often someone did something with its frequency.",
  values: FREQUENCY_COMPARATORS,
  describe: {
    NUM_GTE: "At least frequency times (the default).",
    NUM_GT: "More than frequency times.",
    NUM_EQ: "Exactly frequency times.",
    NUM_LTE: "At most frequency times.",
    NUM_LT: "Fewer than frequency times.",
  },
});
closedEnum("SegmentBooleanOperator", {
  description: "How a segment combines its child segments.",
  values: BOOLEAN_OPERATORS,
  describe: {
    AND: "People in every child segment.",
    OR: "People in any child segment.",
  },
});

const SEGMENT: InputObjectSpec = {
  name: "AudienceSegmentInput",
  description:
    "A node of a FLEXIBLE audience: a leaf names a custom audience; a node with children " +
    "combines them with booleanOperator. At most 10 leaves per audience.",
  describe: {
    custom_audience_id: "A leaf's custom audience (its `id`).",
    lookback_window: "How far back the leaf looks, in days: 1, 7, 14 or 30.",
    frequency: "How many times someone must appear, compared by frequencyComparator (default 1).",
    frequency_comparator: "How frequency is compared (default NUM_GTE: at least).",
    negate: "Whether the node's people are left out rather than kept (default true).",
    boolean_operator: "How childSegments combine; required when childSegments is non-empty.",
    child_segments: "The node's children; empty or left out for a leaf.",
  },
};

const audience = { globalIds: { custom_audience_id: CustomAudienceRef } };
const create = mutationArgs("custom_audiences.create", { describe: DESCRIPTIONS });
const update = mutationArgs("custom_audiences.update", {
  ...audience,
  describe: { ...DESCRIPTIONS, custom_audience_id: "The audience to change (its `id`)." },
});
const remove = mutationArgs("custom_audiences.delete", {
  ...audience,
  describe: { custom_audience_id: "The audience to delete (its `id`)." },
});
const batch = mutationArgs("custom_audiences.batch", {
  describe: {
    account_id: "The account the audiences belong to (its `id`).",
    operations: "1 to 10 operations, run in order, all or nothing.",
  },
  inputs: {
    operations: {
      name: "CustomAudienceBatchOperation",
      description:
        "One operation of batchCustomAudiences: CREATE a FLEXIBLE (segments or " +
        "childSegments) or MOBILE_AUDIENCE audience; UPDATE (name, description) or DELETE one " +
        "by customAudienceId.",
      describe: {
        ...DESCRIPTIONS,
        operation_type: "What the operation does: CREATE, UPDATE or DELETE an audience.",
        custom_audience_id: "The audience to change (its `id`); UPDATE and DELETE only.",
        audience_type: "The kind of audience to create; CREATE only.",
        segments: "A FLEXIBLE audience's definition: its root segment; CREATE only.",
        child_segments: "A FLEXIBLE audience's top-level segments; CREATE only.",
        boolean_operator: "How childSegments combine; required when childSegments is non-empty.",
        lookback_window: "How far back the audience looks, in days: 1, 7, 14 or 30.",
        frequency:
          "How many times someone must appear, compared by frequencyComparator (default 1).",
        frequency_comparator: "How frequency is compared (default NUM_GTE: at least).",
        negate: "Whether these people are left out rather than kept (default true).",
      },
      inputs: { segments: SEGMENT, child_segments: SEGMENT },
    },
  },
});
const grant = mutationArgs("custom_audiences.permissions.create", {
  ...audience,
  describe: {
    custom_audience_id: "The audience to share (its `id`); the account must own it.",
    granted_account_id:
      "The account to share with (its `id`): one of the owner's business, or any when the " +
      "owner may share outside it (SHARE_AUDIENCE_OUTSIDE_BUSINESS).",
    permission_level: "What the other account may do with the audience.",
  },
});
const revoke = mutationArgs("custom_audiences.permissions.delete", {
  ...audience,
  // A grant is no Node yet (it is read only through its audience): asked by its wire id.
  rename: { custom_audience_permission_id: "permissionRawId" },
  describe: {
    custom_audience_id: "The shared audience (its `id`).",
    custom_audience_permission_id:
      "The grant's `rawId`, as `CustomAudience.permissions` lists it for this audience.",
  },
});

const CreateCustomAudienceInput = builder.inputType("CreateCustomAudienceInput", {
  description: "A new, empty custom audience; add people to it next (addCustomAudienceUsers).",
  fields: create.fields,
});

const UpdateCustomAudienceInput = builder.inputType("UpdateCustomAudienceInput", {
  description:
    "A new name or description of a custom audience; fields left out keep their values. A " +
    "FLEXIBLE audience cannot be changed.",
  fields: update.fields,
});

const BatchCustomAudiencesInput = builder.inputType("BatchCustomAudiencesInput", {
  description: "Up to 10 operations on an account's FLEXIBLE and MOBILE_AUDIENCE audiences.",
  fields: batch.fields,
});

const GrantPermissionInput = builder.inputType("GrantCustomAudiencePermissionInput", {
  description: "Shares an audience the account owns with another account.",
  fields: grant.fields,
});

const RevokePermissionInput = builder.inputType("RevokeCustomAudiencePermissionInput", {
  description:
    "Ends a share: the other account can no longer target the audience in new campaigns; " +
    "its running ones keep it.",
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
      customAudiences: t.field({
        type: [CustomAudienceRef],
        description: "The audiences as each operation left them, in the order of the operations.",
        resolve: (r) => r.customAudiences,
      }),
    }),
  });

const CREATE_CUSTOM_AUDIENCE_CALL = callRule("custom_audiences.create", create.params);
const UPDATE_CUSTOM_AUDIENCE_CALL = callRule("custom_audiences.update", update.params);
const DELETE_CUSTOM_AUDIENCE_CALL = callRule("custom_audiences.delete", remove.params);
const BATCH_CUSTOM_AUDIENCES_CALL = callRule("custom_audiences.batch", batch.params);
const GRANT_CUSTOM_AUDIENCE_PERMISSION_CALL = callRule(
  "custom_audiences.permissions.create",
  grant.params,
);
const REVOKE_CUSTOM_AUDIENCE_PERMISSION_CALL = callRule(
  "custom_audiences.permissions.delete",
  revoke.params,
);

builder.mutationFields((t) => ({
  createCustomAudience: t.field({
    ...fetchedBy(CREATE_CUSTOM_AUDIENCE_CALL),
    type: createPayload(
      "CreateCustomAudience",
      "customAudience",
      CustomAudienceRef,
      "The new audience.",
      inAccount,
    ),
    description:
      "Creates an empty custom audience; a name the account already uses is DuplicateNameError.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCustomAudience", [DuplicateNameError]),
    args: { input: t.arg({ type: CreateCustomAudienceInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_CUSTOM_AUDIENCE_CALL.endpoint, params);
        const customAudience = ownedBy(data, params.account_id);
        loaders
          .byId("custom_audiences.get")
          .prime(entityKey(params.account_id, data.id), customAudience);
        return { customAudience };
      }, create.fieldOf),
  }),
  updateCustomAudience: t.field({
    ...fetchedBy(UPDATE_CUSTOM_AUDIENCE_CALL),
    type: AudiencePayload("UpdateCustomAudience", "The audience as it is now."),
    description:
      "Renames or describes a custom audience; a name already used is " +
      "DuplicateNameError, a FLEXIBLE audience a ValidationError (immutable).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCustomAudience", [DuplicateNameError]),
    args: { input: t.arg({ type: UpdateCustomAudienceInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_CUSTOM_AUDIENCE_CALL.endpoint, params);
        return { customAudience: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteCustomAudience: t.field({
    ...fetchedBy(DELETE_CUSTOM_AUDIENCE_CALL),
    type: deletePayload(
      "DeleteCustomAudience",
      "customAudience",
      CustomAudienceRef,
      "The audience, now with deleted true.",
    ),
    description:
      "Deletes a custom audience; line items can no longer target it. It is returned with " +
      "deleted true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCustomAudience"),
    args: inputArg(t.arg, "DeleteCustomAudience", remove.fields, "The custom audience to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_CUSTOM_AUDIENCE_CALL.endpoint, params);
        return deleted(
          CustomAudienceRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
  batchCustomAudiences: t.field({
    ...fetchedBy(BATCH_CUSTOM_AUDIENCES_CALL),
    type: BatchPayload,
    description:
      "Creates, updates and deletes FLEXIBLE and MOBILE_AUDIENCE audiences together, in " +
      "order, all or nothing. A closed beta: accounts outside it get BetaFeatureRequiredError. " +
      "A failing operation is a ValidationError on `operations[i].<field>` (its input index).",
    authScopes: { authenticated: true },
    errors: mutationErrors("BatchCustomAudiences", [BetaFeatureRequiredError, DuplicateNameError]),
    args: { input: t.arg({ type: BatchCustomAudiencesInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = batch.params(input);
        const { data } = await upstream.call(BATCH_CUSTOM_AUDIENCES_CALL.endpoint, params);
        return {
          customAudiences: data.map((audience) => ownedBy(audience, params.account_id)),
        };
      }, batch.fieldOf),
  }),
  grantCustomAudiencePermission: t.field({
    ...fetchedBy(GRANT_CUSTOM_AUDIENCE_PERMISSION_CALL),
    type: PermissionPayload("GrantCustomAudiencePermission", "The new grant."),
    description:
      "Shares a custom audience with another account: only its owner may " +
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
        const { data } = await upstream.call(
          GRANT_CUSTOM_AUDIENCE_PERMISSION_CALL.endpoint,
          params,
        );
        return { permission: ownedBy(data, params.account_id) };
      }, grant.fieldOf),
  }),
  revokeCustomAudiencePermission: t.field({
    ...fetchedBy(REVOKE_CUSTOM_AUDIENCE_PERMISSION_CALL),
    type: PermissionPayload("RevokeCustomAudiencePermission", "The grant, now with deleted=true."),
    description:
      "Ends a share: the other account can no longer target the audience in new campaigns. " +
      "Only the audience's owner may (NotAudienceOwnerError).",
    authScopes: { authenticated: true },
    errors: mutationErrors("RevokeCustomAudiencePermission", [NotAudienceOwnerError]),
    args: { input: t.arg({ type: RevokePermissionInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = revoke.params(input);
        const { data } = await upstream.call(
          REVOKE_CUSTOM_AUDIENCE_PERMISSION_CALL.endpoint,
          params,
        );
        return { permission: ownedBy(data, params.account_id) };
      }, revoke.fieldOf),
  }),
}));
