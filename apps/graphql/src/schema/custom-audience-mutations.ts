import { BOOLEAN_OPERATORS, FREQUENCY_COMPARATORS } from "@adsgraph/models";
import { builder } from "../builder.js";
import {
  BetaFeatureRequiredError,
  DuplicateNameError,
  NotAudienceOwnerError,
  SharingNotAllowedError,
} from "../errors/facade-errors.js";
import { ID_INPUT } from "../input/input-rules.js";
import { entityKey } from "../loaders/keys.js";
import type { CustomAudienceShape } from "../loaders/shapes.js";
import {
  AudiencePermissionRef,
  CustomAudienceRef,
  PermissionLevelEnum,
} from "./custom-audience.js";
import { attempt, inputPath, mutationErrors, ownedId, payload } from "./mutations.js";

const fields = inputPath({ custom_audience_id: "customAudienceId", operation_type: "type" });

const owned = <T extends object>(data: T, accountId: string) => ({
  ...data,
  account_id: accountId,
});

const DESCRIPTIONS = {
  name: "Unique within the account (spec §4.8).",
  description: "Free text; may span lines.",
};

const CreateCustomAudienceInput = builder.inputType("CreateCustomAudienceInput", {
  description: "spec §4.8 POST custom_audiences: an empty audience; add users to it next.",
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    name: t.string({ required: true, description: DESCRIPTIONS.name }),
    description: t.string({ description: DESCRIPTIONS.description }),
  }),
});

const UpdateCustomAudienceInput = builder.inputType("UpdateCustomAudienceInput", {
  description: "spec §4.8 PUT: a new name or description (a FLEXIBLE audience is immutable).",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [CustomAudienceRef] }),
    name: t.string({ description: DESCRIPTIONS.name }),
    description: t.string({ description: DESCRIPTIONS.description }),
  }),
});

const BatchOperationTypeEnum = builder.enumType("CustomAudienceBatchOperationType", {
  values: { CREATE: { value: "Create" }, UPDATE: { value: "Update" }, DELETE: { value: "Delete" } },
});
const BatchAudienceTypeEnum = builder.enumType("BatchAudienceType", {
  description: "spec §4.8: the types the batch creates.",
  values: ["FLEXIBLE", "MOBILE_AUDIENCE"] as const,
});
const FrequencyComparatorEnum = builder.enumType("FrequencyComparator", {
  values: FREQUENCY_COMPARATORS,
});
const BooleanOperatorEnum = builder.enumType("SegmentBooleanOperator", {
  values: BOOLEAN_OPERATORS,
});

/** A node of a flexible audience's definition, as its wire form (spec §4.8 batch params). */
interface SegmentWire {
  custom_audience_id?: string;
  lookback_window?: number;
  frequency?: number;
  frequency_comparator?: (typeof FREQUENCY_COMPARATORS)[number];
  negate?: boolean;
  boolean_operator?: (typeof BOOLEAN_OPERATORS)[number];
  child_segments?: SegmentWire[];
}

interface SegmentInputShape {
  customAudienceId?: string | null;
  lookbackWindow?: number | null;
  frequency?: number | null;
  frequencyComparator?: (typeof FREQUENCY_COMPARATORS)[number] | null;
  negate?: boolean | null;
  booleanOperator?: (typeof BOOLEAN_OPERATORS)[number] | null;
  childSegments?: SegmentInputShape[] | null;
}

const SegmentInput = builder.inputRef<SegmentInputShape>("AudienceSegmentInput").implement({
  description:
    "A node of a FLEXIBLE audience: a leaf names a custom audience; a node with children " +
    "combines them with booleanOperator. At most 10 leaves per audience.",
  fields: (t) => ({
    customAudienceId: t.string({ ...ID_INPUT, description: "The audience of a leaf." }),
    lookbackWindow: t.int({ description: "1, 7, 14 or 30 days." }),
    frequency: t.int({ description: "Default 1." }),
    frequencyComparator: t.field({
      type: FrequencyComparatorEnum,
      description: "Default NUM_GTE.",
    }),
    negate: t.boolean({ description: "Default true (spec §4.8)." }),
    booleanOperator: t.field({
      type: BooleanOperatorEnum,
      description: "Required when childSegments is non-empty.",
    }),
    childSegments: t.field({ type: [SegmentInput] }),
  }),
});

/** The wire form of a segment node (null and absent both leave a field out). */
function segmentWire(node: SegmentInputShape): SegmentWire {
  return {
    ...(node.customAudienceId != null && { custom_audience_id: node.customAudienceId }),
    ...(node.lookbackWindow != null && { lookback_window: node.lookbackWindow }),
    ...(node.frequency != null && { frequency: node.frequency }),
    ...(node.frequencyComparator != null && { frequency_comparator: node.frequencyComparator }),
    ...(node.negate != null && { negate: node.negate }),
    ...(node.booleanOperator != null && { boolean_operator: node.booleanOperator }),
    ...(node.childSegments != null && { child_segments: node.childSegments.map(segmentWire) }),
  };
}

const BatchOperationInput = builder.inputType("CustomAudienceBatchOperation", {
  description:
    "One operation of the custom-audience batch: CREATE a FLEXIBLE (segments or " +
    "childSegments) or MOBILE_AUDIENCE audience; UPDATE (name, description) or DELETE one by " +
    "customAudienceId.",
  fields: (t) => ({
    type: t.field({ type: BatchOperationTypeEnum, required: true }),
    customAudienceId: t.string({ ...ID_INPUT, description: "The audience (UPDATE, DELETE)." }),
    audienceType: t.field({ type: BatchAudienceTypeEnum, description: "CREATE only." }),
    name: t.string({ description: DESCRIPTIONS.name }),
    description: t.string({ description: DESCRIPTIONS.description }),
    segments: t.field({ type: SegmentInput, description: "The definition's root node." }),
    childSegments: t.field({ type: [SegmentInput] }),
    booleanOperator: t.field({ type: BooleanOperatorEnum }),
    lookbackWindow: t.int(),
    frequency: t.int(),
    frequencyComparator: t.field({ type: FrequencyComparatorEnum }),
    negate: t.boolean(),
  }),
});

const BatchCustomAudiencesInput = builder.inputType("BatchCustomAudiencesInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    operations: t.field({
      type: [BatchOperationInput],
      required: true,
      description: "1 to 10 operations, run in order, all or nothing.",
    }),
  }),
});

const GrantPermissionInput = builder.inputType("GrantCustomAudiencePermissionInput", {
  description: "spec §4.8 POST permissions: share an audience the account owns.",
  fields: (t) => ({
    customAudienceId: t.globalID({ required: true, for: [CustomAudienceRef] }),
    grantedAccountId: t.string({
      required: true,
      ...ID_INPUT,
      description:
        "An account of the owner's business (or any, with SHARE_AUDIENCE_OUTSIDE_BUSINESS).",
    }),
    permissionLevel: t.field({ type: PermissionLevelEnum, required: true }),
  }),
});

const RevokePermissionInput = builder.inputType("RevokeCustomAudiencePermissionInput", {
  description:
    "spec §4.8 DELETE permissions: the grantee can no longer target the audience in new " +
    "campaigns; running ones keep it.",
  fields: (t) => ({
    customAudienceId: t.globalID({ required: true, for: [CustomAudienceRef] }),
    permissionId: t.string({
      required: true,
      ...ID_INPUT,
      description: "CustomAudiencePermission.rawId.",
    }),
  }),
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
    type: AudiencePayload("CreateCustomAudience", "The new audience."),
    description: "Creates an empty custom audience (spec §4.8); a used name is DuplicateNameError.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCustomAudience", [DuplicateNameError]),
    args: { input: t.arg({ type: CreateCustomAudienceInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("custom_audiences.create", {
          account_id: input.accountId,
          name: input.name,
          ...(input.description != null && { description: input.description }),
        });
        const customAudience = owned(data, input.accountId);
        loaders.customAudience.prime(entityKey(input.accountId, data.id), customAudience);
        return { customAudience };
      }, fields),
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
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("custom_audiences.update", {
          account_id: accountId,
          custom_audience_id: id,
          ...(input.name != null && { name: input.name }),
          ...(input.description != null && { description: input.description }),
        });
        return { customAudience: owned(data, accountId) };
      }, fields),
  }),
  deleteCustomAudience: t.field({
    type: AudiencePayload("DeleteCustomAudience", "The audience, now with deleted=true."),
    description: "Deletes a custom audience (spec §4.8).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCustomAudience"),
    args: { id: t.arg.globalID({ required: true, for: [CustomAudienceRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("custom_audiences.delete", {
          account_id: accountId,
          custom_audience_id: id,
        });
        return { customAudience: owned(data, accountId) };
      }, fields),
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
        const { data } = await upstream.call("custom_audiences.batch", {
          account_id: input.accountId,
          operations: input.operations.map((op) => ({
            operation_type: op.type,
            params: {
              ...segmentWire(op),
              ...(op.audienceType != null && { audience_type: op.audienceType }),
              ...(op.name != null && { name: op.name }),
              ...(op.description != null && { description: op.description }),
              ...(op.segments != null && { segments: segmentWire(op.segments) }),
            },
          })),
        });
        return { customAudiences: data.map((audience) => owned(audience, input.accountId)) };
      }, fields),
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
        const { accountId, id } = ownedId(input.customAudienceId, "customAudienceId");
        const { data } = await upstream.call("custom_audiences.permissions.create", {
          account_id: accountId,
          custom_audience_id: id,
          granted_account_id: input.grantedAccountId,
          permission_level: input.permissionLevel,
        });
        return { permission: owned(data, accountId) };
      }, fields),
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
        const { accountId, id } = ownedId(input.customAudienceId, "customAudienceId");
        const { data } = await upstream.call("custom_audiences.permissions.delete", {
          account_id: accountId,
          custom_audience_id: id,
          custom_audience_permission_id: input.permissionId,
        });
        return { permission: owned(data, accountId) };
      }, fields),
  }),
}));
