import { builder } from "../../builder.js";
import { entityKey, parseEntityKey } from "../../loaders/keys.js";
import { DoNotReachListExistsError } from "../../errors/facade-errors.js";
import type { DoNotReachListShape } from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "../accounts/account.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  mutationErrors,
  ownedBy,
} from "../../fields/mutations.js";
import { ACCOUNT_BY_ID, callRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { PerKeyRule } from "../../cost/fetch-rule.js";

export const DoNotReachListRef = builder.objectRef<DoNotReachListShape>("DoNotReachList");

builder.node(DoNotReachListRef, {
  description:
    "The account's do-not-reach list: the people on it (by hashed e-mail) are left out of " +
    "every campaign of the account, without leaving any custom audience. One per account.",
  id: {
    description: "The list's global id: what `node(id:)` and deleteDoNotReachList take.",
    resolve: (l) => entityKey(l.account_id, l.id),
  },
  // One list per account: read through the account's, and only if it is still that list.
  loadOne: async (key, { loaders }) => {
    const parsed = parseEntityKey(key);
    if (parsed === null) return null;
    const list = await loaders.doNotReachList.load(parsed.accountId);
    return list?.id === parsed.id ? list : null;
  },
  fields: (t) => ({
    rawId: t.string({
      description: "The list's own id (short letters and digits).",
      resolve: (l) => l.id,
    }),
    description: t.string({
      nullable: true,
      description: "Free text about the list; null when none was given.",
      resolve: (l) => l.description ?? null,
    }),
    userCount: t.int({
      nullable: true,
      description:
        "How many e-mail addresses the list holds now (a count; expired ones are not " +
        "counted); null when not known.",
      resolve: (l) => l.user_count ?? null,
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the list was created (ISO 8601, UTC); null when not known.",
      resolve: (l) => l.created_at ?? null,
    }),
    updatedAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the list last changed (ISO 8601, UTC); null when not known.",
      resolve: (l) => l.updated_at ?? null,
    }),
    deleted: t.boolean({
      description: "True once the list is deleted.",
      resolve: (l) => l.deleted ?? false,
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The account the list belongs to.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (l, _args, { loaders }) => loaders.account.load(l.account_id),
    }),
  }),
});

/** The account's list, once per account (loaders.doNotReachList). */
const DO_NOT_REACH_LIST: PerKeyRule = {
  kind: "perKey",
  endpoint: "do_not_reach_lists.list",
  key: "parentAccount",
  freeFrom: [],
};

builder.objectFields(AccountRef, (t) => ({
  doNotReachList: t.field({
    ...fetchedBy(DO_NOT_REACH_LIST),
    type: DoNotReachListRef,
    nullable: true,
    description: "The account's do-not-reach list; null when it has none.",
    resolve: (account, _args, { loaders }) => loaders.doNotReachList.load(account.id),
  }),
}));

const create = mutationArgs("do_not_reach_lists.create", {
  describe: {
    account_id: "The account to create the list for (its `id`).",
    description: "Free text about the list.",
  },
});
const remove = mutationArgs("do_not_reach_lists.delete", {
  globalIds: { do_not_reach_list_id: DoNotReachListRef },
  describe: { do_not_reach_list_id: "The list to delete (its `id`)." },
});

const CreateDoNotReachListInput = builder.inputType("CreateDoNotReachListInput", {
  description: "A new, empty do-not-reach list of an account; add e-mails to it next.",
  fields: create.fields,
});
const DeleteDoNotReachListInput = builder.inputType("DeleteDoNotReachListInput", {
  description: "Names an account's do-not-reach list.",
  fields: remove.fields,
});

const CREATE_DO_NOT_REACH_LIST_CALL = callRule("do_not_reach_lists.create", create.params);
const DELETE_DO_NOT_REACH_LIST_CALL = callRule("do_not_reach_lists.delete", remove.params);

builder.mutationFields((t) => ({
  createDoNotReachList: t.field({
    ...fetchedBy(CREATE_DO_NOT_REACH_LIST_CALL),
    type: createPayload(
      "CreateDoNotReachList",
      "doNotReachList",
      DoNotReachListRef,
      "The new list.",
      inAccount,
    ),
    description:
      "Creates the account's do-not-reach list; an account has one at most " +
      "(DoNotReachListExistsError).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateDoNotReachList", [DoNotReachListExistsError]),
    args: { input: t.arg({ type: CreateDoNotReachListInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_DO_NOT_REACH_LIST_CALL.endpoint, params);
        const doNotReachList = ownedBy(data, params.account_id);
        loaders.doNotReachList.prime(params.account_id, doNotReachList);
        return { doNotReachList };
      }, create.fieldOf),
  }),
  deleteDoNotReachList: t.field({
    ...fetchedBy(DELETE_DO_NOT_REACH_LIST_CALL),
    type: deletePayload(
      "DeleteDoNotReachList",
      "doNotReachList",
      DoNotReachListRef,
      "The list as it was deleted.",
    ),
    description: "Deletes the account's do-not-reach list: its people can be reached again.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteDoNotReachList"),
    args: { input: t.arg({ type: DeleteDoNotReachListInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_DO_NOT_REACH_LIST_CALL.endpoint, params);
        return deleted(
          DoNotReachListRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
