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
import { ACCOUNT_BY_ID, callRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { PageRule, PerKeyRule } from "../../cost/fetch-rule.js";
import { requiredObservedFields } from "../../fields/observed-fields.js";
import { ApprovalStatus } from "../common/observed-enums.js";
import { readAccountLists, selectsOnlyAccountLists } from "../../access/account-read-skip.js";

export const AccountRef = builder.objectRef<AccountShape>("Account");

/** The single read of an account (`loaders.accountDetail`): once per account per request. */
const ACCOUNT_DETAIL = {
  kind: "perKey",
  endpoint: "accounts.get",
  key: "parentAccount",
  // An account read by accounts.get (Query.account) carries its industry type already.
  freeFrom: ["accounts.get"],
} as const satisfies PerKeyRule;

const USER_ACCESS = {
  kind: "perKey",
  endpoint: "authenticated_user_access.get",
  key: "parentAccount",
  freeFrom: [],
} as const satisfies PerKeyRule;

/** Query.account: accountDetail of the account its `id` or `rawId` names. */
const ACCOUNT_BY_ARGUMENT = {
  kind: "perKey",
  endpoint: "accounts.get",
  key: { arguments: ["id", "rawId"], globalId: "id" },
  freeFrom: [],
  skippedForLists: true,
} as const satisfies PerKeyRule;

builder.node(AccountRef, {
  // node(id:)/nodes(ids:) read accounts through `loaders.account` (query planner: this rule).
  extensions: { fetch: ACCOUNT_BY_ID },
  description:
    "An ad account the signed-in user can access: it owns campaigns, funding instruments, " +
    "creatives and audiences.",
  id: {
    description: "The account's global id: what `node(id:)` and arguments naming an account take.",
    resolve: (account) => account.id,
  },
  loadManyWithoutCache: async (ids, context) =>
    rejectErrors(await context.loaders.account.loadMany(ids)),
  fields: (t) => ({
    rawId: t.string({
      description:
        "The account's own id (short letters and digits, e.g. dmo1ab): the one ads tools " +
        "and reports show.",
      resolve: (a) => a.id,
    }),
    name: t.string({ description: "The account's display name.", resolve: (a) => a.name }),
    businessName: t.string({
      nullable: true,
      description: "The name of the business the account belongs to; null when it has none.",
      resolve: (a) => a.business_name ?? null,
    }),
    businessId: t.string({
      nullable: true,
      description: "The id of the business the account belongs to; null when it has none.",
      resolve: (a) => a.business_id ?? null,
    }),
    timezone: t.string({
      description:
        "The time zone the account's dates and daily budgets follow: an IANA zone name, e.g. " +
        "America/New_York.",
      resolve: (a) => a.timezone,
    }),
    timezoneSwitchAt: t.field({
      type: "DateTime",
      nullable: true,
      description:
        "When the account's time zone was last changed (ISO 8601, UTC); null when it never was.",
      resolve: (a) => a.timezone_switch_at,
    }),
    industryType: t.field({
      ...fetchedBy(ACCOUNT_DETAIL),
      type: IndustryTypeEnum,
      nullable: true,
      description:
        "The line of business the account advertises for; null when the advertiser has not " +
        "set it.",
      resolve: async (a, _args, { loaders }) =>
        a.industry_type ?? (await loaders.accountDetail.load(a.id)).industry_type ?? null,
    }),
    ...requiredObservedFields(t, "approvalStatus", {
      enum: ApprovalStatus,
      description: "Whether the ads review accepted the account (ACCEPTED: it may advertise).",
      resolve: (a) => a.approval_status,
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When the account was created (ISO 8601, UTC).",
      resolve: (a) => a.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When the account last changed (ISO 8601, UTC).",
      resolve: (a) => a.updated_at,
    }),
    deleted: t.boolean({
      description: "True once the account is deleted; a deleted account cannot advertise.",
      resolve: (a) => a.deleted,
    }),
    authenticatedUserAccess: t.field({
      ...fetchedBy(USER_ACCESS),
      type: UserAccessRef,
      nullable: true,
      description:
        "What the signed-in user may do on this account; null with an error when it cannot be " +
        "read.",
      resolve: (a, _args, { loaders }) => loaders.userAccess.load(a.id),
    }),
  }),
});

/** spec §4.3's permissions, as the strings an answer's permissions are compared with. */
const PERMISSIONS: readonly string[] = USER_ACCESS_PERMISSIONS;

const UserAccessRef = builder.objectRef<UserAccessShape>("AuthenticatedUserAccess").implement({
  description: "What the signed-in user may do on one account.",
  fields: (t) => ({
    userId: t.string({
      nullable: true,
      description:
        "The signed-in user's id (digits, kept as a string: it exceeds 2^53); null when not " +
        "given.",
      resolve: (access) => access.user_id ?? null,
    }),
    permissions: t.field({
      type: [AccountPermissionEnum],
      description:
        "The user's permissions on the account; empty when none. A permission this API does " +
        "not know yet is left out.",
      resolve: (access) =>
        (access.permissions ?? []).filter((p): p is (typeof USER_ACCESS_PERMISSIONS)[number] =>
          PERMISSIONS.includes(p),
        ),
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The account these permissions apply to.",
      ...fetchedBy(ACCOUNT_BY_ID),
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
    describe: {
      account_ids: "Only these accounts (their `id`s, at most 200); all of them when left out.",
      q: "Only accounts whose name starts with this text (any case, 1 to 255 characters).",
      with_deleted: "Include deleted accounts too (default false).",
    },
  });
  const rule = {
    kind: "page",
    list: "accounts.list",
    maxCount: list.maxCount,
    counts: true,
    primes: "accounts",
    owner: "caller",
  } as const satisfies PageRule;
  return t.field({
    ...fetchedBy(rule),
    type: AccountConnection,
    nullable: true,
    description: `The ad accounts the signed-in user can access, a page at a time. ${FORWARD_ONLY}`,
    complexity: connectionComplexity,
    args: list.args,
    resolve: (_viewer, args, { loaders, upstream }, info) => {
      // The catalog's parameters under its wire names (see listArgs).
      // rest-client checks them against the catalog's schema before sending (`wire`).
      const filters = list.wireFilters(args);
      return resolveConnection(
        info,
        args,
        rule.maxCount,
        (page) => loaders.accountsPage({ ...filters, ...page }),
        () => upstream.wire.totalCount(rule.list, filters),
      );
    },
  });
}

const ViewerRef = builder.objectRef<ViewerShape>("Viewer");

builder.node(ViewerRef, {
  description: "The signed-in user and the ad accounts they can access.",
  // One viewer per user: a client cache keeps each user's viewer apart from the next.
  id: {
    description: "The viewer's global id: one per signed-in user.",
    resolve: (viewer) => viewer.userId,
  },
  loadOne: (userId, { viewer }) => (viewer?.userId === userId ? viewer : null),
  fields: (t) => ({
    userId: t.exposeString("userId", {
      description: "The signed-in user's id (digits, kept as a string: it exceeds 2^53).",
    }),
    screenName: t.exposeString("screenName", {
      description: "The signed-in user's handle, without the @.",
    }),
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
    ...fetchedBy(ACCOUNT_BY_ARGUMENT),
    type: AccountRef,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "One account by its `id` or by its `rawId` (give exactly one), with its industry type.",
    args: {
      id: t.arg.globalID({ for: AccountRef, description: "The account's `id`." }),
      rawId: t.arg.string({
        ...ID_INPUT,
        description: "The account's `rawId` (e.g. dmo1ab).",
      }),
    },
    resolve: async (_root, args, context, info) => {
      const { loaders } = context;
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
      const readAccount = async () => {
        const account = await loaders.accountDetail.load(id);
        loaders.account.prime(id, account);
        return account;
      };
      // Only lists selected, access confirmed within its TTL: no accounts.get (issue 37).
      return context.accessKnown(id) &&
        selectsOnlyAccountLists(info.schema, info.returnType, info.fieldNodes, info.fragments)
        ? readAccountLists(id, context, info, readAccount)
        : readAccount();
    },
  }),
}));

/** The account a new object was created in, offered in its create's payload. */
export const inAccount: ParentOf<{ readonly account_id: string }> = (payload, createdOf) => {
  builder.objectField(payload, "account", (t) =>
    t.field({
      ...fetchedBy(ACCOUNT_BY_ID),
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

const update = mutationArgs("accounts.update", {
  describe: {
    account_id: "The account to change (its `id`).",
    name: "A new display name; left out, the name stays.",
    industry_type: "A new line of business; left out, it stays.",
  },
});
const remove = mutationArgs("accounts.delete", {
  describe: { account_id: "The sandbox account to delete (its `id`)." },
});

const UpdateAccountInput = builder.inputType("UpdateAccountInput", {
  description: "New values for an account; fields left out keep their values.",
  fields: update.fields,
});
const AccountIdInput = builder.inputType("AccountIdInput", {
  description: "Names one account.",
  fields: remove.fields,
});

// Takes nothing: only the sandbox deployment's host answers it (the catalog's host).
const CREATE_SANDBOX_ACCOUNT_CALL = callRule("accounts.create", () => ({}));
const UPDATE_ACCOUNT_CALL = callRule("accounts.update", update.params);
const DELETE_SANDBOX_ACCOUNT_CALL = callRule("accounts.delete", remove.params);

builder.mutationFields((t) => ({
  updateAccount: t.field({
    ...fetchedBy(UPDATE_ACCOUNT_CALL),
    type: AccountPayload("UpdateAccount", "The account as it is now."),
    description: "Renames an account or sets its industry type.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateAccount"),
    args: { input: t.arg({ type: UpdateAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call(UPDATE_ACCOUNT_CALL.endpoint, update.params(input));
        loaders.account.prime(data.id, data);
        return { account: data };
      }, update.fieldOf),
  }),
  createSandboxAccount: t.field({
    ...fetchedBy(CREATE_SANDBOX_ACCOUNT_CALL),
    type: CreateSandboxAccountPayload,
    description:
      "Creates a test account, at no cost; only on a sandbox deployment of the API, where " +
      "nothing is billed or shown to people.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateSandboxAccount"),
    args: { input: t.arg({ type: CreateSandboxAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, viewer }) =>
      attempt(async () => ({
        account: (await upstream.call(CREATE_SANDBOX_ACCOUNT_CALL.endpoint, {})).data,
        viewer: viewer ?? { userId: "", screenName: "" },
        clientMutationId: input.clientMutationId ?? null,
      })),
  }),
  deleteSandboxAccount: t.field({
    ...fetchedBy(DELETE_SANDBOX_ACCOUNT_CALL),
    type: deletePayload(
      "DeleteSandboxAccount",
      "account",
      AccountRef,
      "The account, now with deleted=true.",
    ),
    description:
      "Deletes a test account (sandbox deployments only); it is returned with deleted true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteSandboxAccount"),
    args: { input: t.arg({ type: AccountIdInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call(
          DELETE_SANDBOX_ACCOUNT_CALL.endpoint,
          remove.params(input),
        );
        return deleted(AccountRef, data.id, data);
      }, remove.fieldOf),
  }),
}));
