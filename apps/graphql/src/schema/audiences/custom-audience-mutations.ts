import { BOOLEAN_OPERATORS, FREQUENCY_COMPARATORS } from "@adsgraph/models";
import { builder } from "../../builder.js";
import {
  BetaFeatureRequiredError,
  DuplicateNameError,
  NotAudienceOwnerError,
  SharingNotAllowedError,
} from "../../errors/facade-errors.js";
import { entityKey } from "../../loaders/keys.js";
import type { CustomAudienceShape } from "../../loaders/shapes.js";
import { AudiencePermissionRef, CustomAudienceRef } from "./custom-audience.js";
import { closedEnum } from "../common/enums.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import type { InputObjectSpec } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";

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
  rename: { custom_audience_permission_id: "permissionId" },
  describe: { custom_audience_permission_id: "CustomAudiencePermission.rawId." },
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
    type: AudiencePayload("CreateCustomAudience", "The new audience."),
    description: "Creates an empty custom audience (spec §4.8); a used name is DuplicateNameError.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCustomAudience", [DuplicateNameError]),
    args: { input: t.arg({ type: CreateCustomAudienceInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("custom_audiences.create", params);
        const customAudience = ownedBy(data, params.account_id);
        loaders.customAudience.prime(entityKey(params.account_id, data.id), customAudience);
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
    type: AudiencePayload("DeleteCustomAudience", "The audience, now with deleted=true."),
    description: "Deletes a custom audience (spec §4.8).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCustomAudience"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("custom_audiences.delete", params);
        return { customAudience: ownedBy(data, params.account_id) };
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
