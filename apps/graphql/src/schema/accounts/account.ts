import { USER_ACCESS_PERMISSIONS } from "@adsgraph/models";
import type { ObjectFieldBuilder } from "@pothos/core";
import { rejectErrors } from "@pothos/plugin-dataloader";
import type { ParentOf } from "../../fields/mutations.js";
import { builder } from "../../builder.js";
import type { Types } from "../../builder.js";
import { VIOLATION_CODES } from "@adsgraph/models";
import { ValidationError } from "../../errors/facade-errors.js";
import { ID_INPUT } from "../../input/input-rules.js";
import type { AccountShape, UserAccessShape } from "../../loaders/shapes.js";
import {
  connectionComplexity,
  connectionType,
  FORWARD_ONLY,
  resolveConnection,
} from "../../fields/connections.js";
import { AccountPermissionEnum, IndustryTypeEnum } from "../common/enums.js";
import { listArgs } from "../../fields/list-args.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  deleted,
  deletePayload,
  mutationErrors,
  payload,
} from "../../fields/mutations.js";
import { serves } from "../../fields/serves.js";
import { requiredObservedFields } from "../../fields/observed-fields.js";
import { ApprovalStatus } from "../common/observed-enums.js";

export const AccountRef = builder.objectRef<AccountShape>("Account");

builder.node(AccountRef, {
  description: "An ad account the caller can access (spec §2.2).",
  id: { resolve: (account) => account.id },
  loadManyWithoutCache: async (ids, context) =>
    rejectErrors(await context.loaders.account.loadMany(ids)),
  fields: (t) => ({
    rawId: t.string({
      description: "The account id as the ads service names it.",
      resolve: (a) => a.id,
    }),
    name: t.string({ resolve: (a) => a.name }),
    businessName: t.string({ nullable: true, resolve: (a) => a.business_name ?? null }),
    businessId: t.string({ nullable: true, resolve: (a) => a.business_id ?? null }),
    timezone: t.string({
      description: "A zone name, e.g. America/New_York.",
      resolve: (a) => a.timezone,
    }),
    timezoneSwitchAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (a) => a.timezone_switch_at,
    }),
    industryType: t.field({
      ...serves("accounts.get"),
      type: IndustryTypeEnum,
      nullable: true,
      description:
        "Only the single read of an account carries it (spec §2.2): read from a list, it costs " +
        "one upstream request per account.",
      resolve: async (a, _args, { loaders }) =>
        a.industry_type ?? (await loaders.accountDetail.load(a.id)).industry_type ?? null,
    }),
    ...requiredObservedFields(t, "approvalStatus", {
      enum: ApprovalStatus,
      description: "Whether the ads service's review accepted the account.",
      resolve: (a) => a.approval_status,
    }),
    createdAt: t.field({ type: "DateTime", resolve: (a) => a.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (a) => a.updated_at }),
    deleted: t.boolean({ resolve: (a) => a.deleted }),
    authenticatedUserAccess: t.field({
      ...serves("authenticated_user_access.get"),
      type: UserAccessRef,
      nullable: true,
      description: "The caller's permissions on this account.",
      resolve: (a, _args, { loaders }) => loaders.userAccess.load(a.id),
    }),
  }),
});

/** spec §4.3's permissions, as the strings an answer's permissions are compared with. */
const PERMISSIONS: readonly string[] = USER_ACCESS_PERMISSIONS;

const UserAccessRef = builder.objectRef<UserAccessShape>("AuthenticatedUserAccess").implement({
  description: "The calling user's permissions on an account (spec §4.3).",
  fields: (t) => ({
    userId: t.string({
      nullable: true,
      description: "The user's id (digits).",
      resolve: (access) => access.user_id ?? null,
    }),
    permissions: t.field({
      type: [AccountPermissionEnum],
      description: "Values outside spec §4.3's list are left out.",
      resolve: (access) =>
        (access.permissions ?? []).filter((p): p is (typeof USER_ACCESS_PERMISSIONS)[number] =>
          PERMISSIONS.includes(p),
        ),
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (access, _args, { loaders }) => loaders.account.load(access.account_id),
    }),
  }),
});

/** The caller, as the session names it. */
interface ViewerShape {
  userId: string;
  screenName: string;
}

const AccountConnection = connectionType("Account", AccountRef, "Accounts the caller can access.");

/** The caller's accounts (spec §4.3 accounts.list), a page at a time. */
function viewerAccounts(t: ObjectFieldBuilder<Types, ViewerShape>) {
  const list = listArgs(t.arg, "accounts.list", {
    ids: "account_ids",
    sort: "Account",
    describe: { account_ids: "Only these account ids (≤200).", q: "Case-insensitive name prefix." },
  });
  return t.field({
    type: AccountConnection,
    nullable: true,
    description: `The ad accounts the caller can access, a page at a time. ${FORWARD_ONLY}`,
    complexity: connectionComplexity,
    args: list.args,
    resolve: (_viewer, args, { loaders, upstream }, info) => {
      // The catalog's parameters under its wire names (see listArgs).
      // rest-client checks them against the catalog's schema before sending (`wire`).
      const filters = list.wireFilters(args);
      return resolveConnection(
        info,
        args,
        list.maxCount,
        (page) => loaders.accountsPage({ ...filters, ...page }),
        () => upstream.wire.totalCount("accounts.list", filters),
      );
    },
  });
}

const ViewerRef = builder.objectRef<ViewerShape>("Viewer");

builder.node(ViewerRef, {
  description: "The signed-in user and the ad accounts they can access.",
  // One viewer per user: a client cache keeps each user's viewer apart from the next.
  id: { resolve: (viewer) => viewer.userId },
  loadOne: (userId, { viewer }) => (viewer?.userId === userId ? viewer : null),
  fields: (t) => ({
    userId: t.exposeString("userId", { description: "Digits (exceeds 2^53: a string)." }),
    screenName: t.exposeString("screenName"),
    accounts: viewerAccounts(t),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: ViewerRef,
    nullable: true,
    authScopes: { authenticated: true },
    description: "The signed-in user and their accounts.",
    resolve: (_root, _args, { viewer }) => viewer ?? { userId: "", screenName: "" },
  }),
  account: t.field({
    ...serves("accounts.get"),
    type: AccountRef,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "One account by its `id` or by its `rawId` (give exactly one), with its industry type.",
    args: {
      id: t.arg.globalID({ for: AccountRef, description: "The account's `id`." }),
      rawId: t.arg.string({
        ...ID_INPUT,
        description: "The account's `rawId`, as the ads service names it (e.g. dmo1ab).",
      }),
    },
    resolve: async (_root, args, { loaders }) => {
      const id = args.id?.id ?? args.rawId;
      if (id == null || (args.id != null && args.rawId != null)) {
        throw new ValidationError(
          ["id", "rawId"].map((field) => ({
            code: VIOLATION_CODES.INVALID_PARAMETER,
            field,
            parameter: field,
            message: "give exactly one of `id` and `rawId`",
          })),
        );
      }
      const account = await loaders.accountDetail.load(id);
      loaders.account.prime(id, account);
      return account;
    },
  }),
}));

/** The account a new object was created in, offered in its create's payload. */
export const inAccount: ParentOf<{ readonly account_id: string }> = (payload, createdOf) => {
  builder.objectField(payload, "account", (t) =>
    t.field({
      type: AccountRef,
      nullable: true,
      description: "The account it was created in: select its lists here to see them with it.",
      resolve: (answer, _args, { loaders }) => loaders.account.load(createdOf(answer).account_id),
    }),
  );
};

// A sandbox account takes nothing to create; its input holds only what comes back unchanged,
// so that this mutation takes one `input:` like every other.
const CreateSandboxAccountInput = builder.inputType("CreateSandboxAccountInput", {
  description: "A sandbox account needs nothing to be created: every field here is optional.",
  fields: (t) => ({
    clientMutationId: t.string({
      description:
        "Any text to get back unchanged as the payload's `clientMutationId`, to match an " +
        "answer to its request. Not stored.",
    }),
  }),
});

const CreateSandboxAccountPayload = builder
  .objectRef<{
    account: AccountShape;
    viewer: ViewerShape;
    clientMutationId: string | null;
  }>("CreateSandboxAccountPayload")
  .implement({
    description: "What createSandboxAccount answers: the new account and the caller.",
    fields: (t) => ({
      account: t.field({
        type: AccountRef,
        description: "The new sandbox account.",
        resolve: (answer) => answer.account,
      }),
      viewer: t.field({
        type: ViewerRef,
        description: "The caller: select `accounts` here to see the list with the new account.",
        resolve: (answer) => answer.viewer,
      }),
      clientMutationId: t.string({
        nullable: true,
        description: "The input's `clientMutationId`, unchanged; null when none was given.",
        resolve: (answer) => answer.clientMutationId,
      }),
    }),
  });

const AccountPayload = (name: string, description: string) =>
  payload(name, "account", AccountRef, description);

const update = mutationArgs("accounts.update", { describe: { name: "A new name." } });
const remove = mutationArgs("accounts.delete");

const UpdateAccountInput = builder.inputType("UpdateAccountInput", { fields: update.fields });
const AccountIdInput = builder.inputType("AccountIdInput", { fields: remove.fields });

builder.mutationFields((t) => ({
  updateAccount: t.field({
    type: AccountPayload("UpdateAccount", "The account as it is now."),
    description: "Renames an account or sets its industry type (spec §4.3 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateAccount"),
    args: { input: t.arg({ type: UpdateAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("accounts.update", update.params(input));
        loaders.account.prime(data.id, data);
        return { account: data };
      }, update.fieldOf),
  }),
  createSandboxAccount: t.field({
    type: CreateSandboxAccountPayload,
    description: "Creates an account on the sandbox host, at no cost (spec §4.3).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateSandboxAccount"),
    args: { input: t.arg({ type: CreateSandboxAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, viewer }) =>
      attempt(async () => ({
        account: (await upstream.call("accounts.create", {})).data,
        viewer: viewer ?? { userId: "", screenName: "" },
        clientMutationId: input.clientMutationId ?? null,
      })),
  }),
  deleteSandboxAccount: t.field({
    type: deletePayload(
      "DeleteSandboxAccount",
      "account",
      AccountRef,
      "The account, now with deleted=true.",
    ),
    description: "Deletes a sandbox account (sandbox host only); it is returned with deleted=true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteSandboxAccount"),
    args: { input: t.arg({ type: AccountIdInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("accounts.delete", remove.params(input));
        return deleted(AccountRef, data.id, data);
      }, remove.fieldOf),
  }),
}));
