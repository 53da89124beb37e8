import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import {
  connectionComplexity,
  connectionOfAll,
  connectionType,
  pageArgs,
} from "../../fields/connections.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { observedFields } from "../../fields/observed-fields.js";
import { entityKey } from "../../loaders/keys.js";
import type { PromotableUserShape } from "../../loaders/service-loaders.js";
import { observedEnum } from "../common/enums.js";
import { UserRef } from "../posts/post-parts.js";
import { AccountRef } from "./account.js";
import { ACCOUNT_BY_ID, eachRule, fetchedBy, wholeListRule } from "../../cost/fetch-rule.js";

/**
 * Promotable users (beyond the spec, issue 33: the vendor's v12 GET promotable_users): the users
 * an account may post as and promote. An account has a handful, so the whole list is read once
 * per request and paged here.
 */
const PromotableUserType = observedEnum("PromotableUserType", {
  description: "What an account may do with a promotable user's posts.",
  values: {
    FULL: "The account's own user: its posts, promoted-only ones included, are the account's.",
    RETWEETS_ONLY: "Another user whose published posts the account may promote.",
  },
});

export const PromotableUserRef = builder.objectRef<PromotableUserShape>("PromotableUser");

builder.node(PromotableUserRef, {
  description:
    "A user an ad account may promote: its own (FULL) user, or another whose posts it may " +
    "promote. Granted by the ads platform, not by the advertiser: it cannot be changed here.",
  id: {
    description: "The promotable user's global id: what `node(id:)` and arguments take.",
    resolve: (p) => entityKey(p.account_id, p.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.promotableUser.loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The promotable user's own id in the ads service (not the user's id).",
      resolve: (p) => p.id,
    }),
    userId: t.string({
      description: "The user's id (digits, kept as a string: it exceeds 2^53).",
      resolve: (p) => p.user_id,
    }),
    user: t.field({
      type: UserRef,
      description: "The user, known by its id (there is no lookup of other users' details).",
      resolve: (p) => ({ id: p.user_id }),
    }),
    ...observedFields(t, "type", {
      enum: PromotableUserType,
      description:
        "Whether it is the account's own user or another whose posts it may promote; null " +
        "when not known.",
      resolve: (p) => p.promotable_user_type,
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description:
        "The ad account that may promote the user; null, with an error, when unreadable.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (p, _args, { loaders }) => loaders.account.load(p.account_id),
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      description:
        "When the user became promotable by the account (ISO 8601, UTC); null when not known.",
      resolve: (p) => p.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When it last changed (ISO 8601, UTC); null when not known.",
      resolve: (p) => p.updated_at,
    }),
  }),
});

const PromotableUserConnection = connectionType(
  "PromotableUser",
  PromotableUserRef,
  "Users an ad account may promote, its own (FULL) user first.",
);

/** Every page of an account's promotable users, once per account (loaders.promotableUsers). */
const PROMOTABLE_USERS = wholeListRule("promotable_users.list");
/** One promotable user by its id argument, once per id (loaders.promotableUser). */
const PROMOTABLE_USER = eachRule("promotable_users.get", { dedupes: true, argument: "id" });

builder.objectFields(AccountRef, (t) => ({
  promotableUsers: t.field({
    ...fetchedBy(PROMOTABLE_USERS),
    type: PromotableUserConnection,
    nullable: true,
    description:
      "The users this account may post as and promote, its own (FULL) user first; null, with " +
      "an error, when they cannot be read.",
    complexity: connectionComplexity,
    args: pageArgs(t.arg),
    resolve: (account, args, { loaders }) =>
      connectionOfAll(args, PROMOTABLE_USERS.maxCount, () =>
        loaders.promotableUsers.load(account.id),
      ),
  }),
  promotableUser: t.field({
    ...fetchedBy(PROMOTABLE_USER),
    type: PromotableUserRef,
    nullable: true,
    description:
      "One promotable user of this account, by its `id`; null, with a NOT_FOUND error, when " +
      "the account has no such promotable user.",
    args: {
      id: t.arg.globalID({
        for: PromotableUserRef,
        required: true,
        description:
          "The `id` of the promotable user (as `PromotableUser.id` answers it); an id of " +
          "another account's is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders.promotableUser.load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));
