import { builder } from "../../builder.js";
import {
  connectionComplexity,
  connectionOfAll,
  connectionType,
  pageArgs,
} from "../../fields/connections.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";
import { NotAudienceOwnerError, SharingNotAllowedError } from "../../errors/facade-errors.js";
import { ID_INPUT } from "../../input/input-rules.js";
import { entityKey } from "../../loaders/keys.js";
import { AudiencePermissionRef, CustomAudienceRef } from "./custom-audience.js";
import { callRule, eachRule, fetchedBy, wholeListRule } from "../../cost/fetch-rule.js";

// The version 5 "tailored audience" grants: the same audiences and grants as the custom ones,
// kept for clients of the older API, with their own list (filters, sort, counts) and writes.

const TailoredPermissionConnection = connectionType(
  "TailoredAudiencePermission",
  AudiencePermissionRef,
  "Grants of an audience as the older tailored-audience API lists them.",
);

/** Every page of an audience's grants, once per audience (loaders.tailoredPermissionsOfAudience). */
const TAILORED_GRANTS = wholeListRule("tailored_audiences.permissions.list");
/** A call each time the field resolves (no loader). */
const GRANT = eachRule("custom_audiences.permissions.get");

builder.objectFields(CustomAudienceRef, (t) => ({
  tailoredPermissions: t.field({
    ...fetchedBy(TAILORED_GRANTS),
    type: TailoredPermissionConnection,
    nullable: true,
    description:
      "The accounts the audience is shared with, as the older tailored-audience API lists " +
      "them (the same grants as permissions).",
    complexity: connectionComplexity,
    args: pageArgs(t.arg),
    resolve: (audience, args, { loaders }) =>
      connectionOfAll(args, TAILORED_GRANTS.maxCount, () =>
        loaders.tailoredPermissionsOfAudience.load(entityKey(audience.account_id, audience.id)),
      ),
  }),
  permission: t.field({
    ...fetchedBy(GRANT),
    type: AudiencePermissionRef,
    nullable: true,
    description:
      "One grant of this audience by its rawId; null with a NOT_FOUND error when it names none.",
    args: {
      rawId: t.arg.string({
        ...ID_INPUT,
        required: true,
        description: "The grant's rawId (CustomAudiencePermission.rawId).",
      }),
    },
    resolve: async (audience, { rawId }, { upstream }) => {
      const { data } = await upstream.call("custom_audiences.permissions.get", {
        account_id: audience.account_id,
        custom_audience_id: audience.id,
        custom_audience_permission_id: rawId,
      });
      return ownedBy(data, audience.account_id);
    },
  }),
}));

const audience = { globalIds: { tailored_audience_id: CustomAudienceRef } };
const grant = mutationArgs("tailored_audiences.permissions.create", {
  ...audience,
  describe: {
    tailored_audience_id:
      "The audience to share (its CustomAudience `id`); the account must own it.",
    granted_account_id:
      "The account to share with (its `id`): one of the owner's business, or any when the " +
      "owner may share outside it.",
    permission_level: "What the other account may do with the audience.",
  },
});
const revoke = mutationArgs("tailored_audiences.permissions.delete", {
  ...audience,
  rename: { tailored_audience_permission_id: "permissionRawId" },
  describe: {
    tailored_audience_id: "The shared audience (its CustomAudience `id`).",
    tailored_audience_permission_id:
      "The grant to revoke: its `rawId`, as `CustomAudience.tailoredPermissions` lists it.",
  },
});

const GrantInput = builder.inputType("GrantTailoredAudiencePermissionInput", {
  description:
    "Shares an audience the account owns with another account, as the older " +
    "tailored-audience API does.",
  fields: grant.fields,
});
const RevokeInput = builder.inputType("RevokeTailoredAudiencePermissionInput", {
  description:
    "Ends a share, as the older tailored-audience API does: the other account can no longer target " +
    "the audience in new campaigns; running ones keep it.",
  fields: revoke.fields,
});

const GRANT_TAILORED_AUDIENCE_PERMISSION_CALL = callRule(
  "tailored_audiences.permissions.create",
  grant.params,
);
const REVOKE_TAILORED_AUDIENCE_PERMISSION_CALL = callRule(
  "tailored_audiences.permissions.delete",
  revoke.params,
);

builder.mutationFields((t) => ({
  grantTailoredAudiencePermission: t.field({
    ...fetchedBy(GRANT_TAILORED_AUDIENCE_PERMISSION_CALL),
    type: payload(
      "GrantTailoredAudiencePermission",
      "permission",
      AudiencePermissionRef,
      "The new grant.",
    ),
    description:
      "Shares an audience with another account, as the older tailored-audience API does: only its " +
      "owner may (NotAudienceOwnerError), within its business unless allowed " +
      "(SharingNotAllowedError).",
    authScopes: { authenticated: true },
    errors: mutationErrors("GrantTailoredAudiencePermission", [
      NotAudienceOwnerError,
      SharingNotAllowedError,
    ]),
    args: { input: t.arg({ type: GrantInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = grant.params(input);
        const { data } = await upstream.call(
          GRANT_TAILORED_AUDIENCE_PERMISSION_CALL.endpoint,
          params,
        );
        return { permission: ownedBy(data, params.account_id) };
      }, grant.fieldOf),
  }),
  revokeTailoredAudiencePermission: t.field({
    ...fetchedBy(REVOKE_TAILORED_AUDIENCE_PERMISSION_CALL),
    type: payload(
      "RevokeTailoredAudiencePermission",
      "permission",
      AudiencePermissionRef,
      "The grant, now with deleted true.",
    ),
    description:
      "Ends a share, as the older tailored-audience API does: only the audience's owner may " +
      "(NotAudienceOwnerError).",
    authScopes: { authenticated: true },
    errors: mutationErrors("RevokeTailoredAudiencePermission", [NotAudienceOwnerError]),
    args: { input: t.arg({ type: RevokeInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = revoke.params(input);
        const { data } = await upstream.call(
          REVOKE_TAILORED_AUDIENCE_PERMISSION_CALL.endpoint,
          params,
        );
        return { permission: ownedBy(data, params.account_id) };
      }, revoke.fieldOf),
  }),
}));
