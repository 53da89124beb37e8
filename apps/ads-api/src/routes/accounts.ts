import { ERROR_CODES, ForbiddenError } from "../errors.js";
import { accountOf, userOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, collection, listOf, single } from "../services/results.js";
import {
  getTaxSettings,
  getUserSettings,
  listAccountApps,
  presentAccountApp,
  presentUserSettings,
  updateTaxSettings,
  updateUserSettings,
} from "../services/account-settings.js";
import {
  createSandboxAccount,
  deleteAccount,
  listAccounts,
  presentAccount,
  updateAccount,
} from "../services/accounts.js";
import { listHistory, presentHistory } from "../services/history.js";
import {
  getPromotableUser,
  listPromotableUsers,
  presentPromotableUser,
} from "../services/promotable-users.js";

/** spec §4.3 accounts. */
export const accountHandlers: AdsHandlers = {
  "accounts.list": async (call) =>
    listOf(
      await listAccounts(call.ctx, userOf(call).user.id, call.params, call.role === "ads-sandbox"),
      (row) => presentAccount(row, false),
      "account",
    ),
  "accounts.get": (call) =>
    Promise.resolve(single(presentAccount(accountOf(call), true), "account")),
  "accounts.create": async (call) =>
    single(
      presentAccount(await createSandboxAccount(call.ctx, userOf(call).user.id), true),
      "account",
    ),
  "accounts.update": async (call) =>
    single(
      presentAccount(await updateAccount(call.ctx, accountOf(call), call.params), true),
      "account",
    ),
  "accounts.delete": async (call) =>
    single(presentAccount(await deleteAccount(call.ctx, accountOf(call)), true), "account"),
  "account_apps.list": async (call) =>
    cacheable(
      listOf(await listAccountApps(call.ctx, accountOf(call).id, call.params), presentAccountApp),
    ),
  "account_history.list": async (call) =>
    cacheable(listOf(await listHistory(call.ctx, accountOf(call).id, call.params), presentHistory)),
  "authenticated_user_access.get": (call) =>
    Promise.resolve(
      single({
        account_id: accountOf(call).id,
        user_id: userOf(call).user.id,
        permissions: [...(call.scope?.permissions ?? [])],
      }),
    ),
  // Beyond the spec (issue 33): the account's stored features (the rules of §4.7 and §4.8 read
  // the same list); feature_keys keeps the named ones the account has.
  "features.list": (call) => {
    const features = [...accountOf(call).features].sort();
    const keys = call.params.feature_keys;
    const wanted = keys === undefined ? features : features.filter((key) => keys.includes(key));
    return Promise.resolve(collection(wanted, "features"));
  },
  // Beyond the spec (issue 33): the account's stored promotable users (services/promotable-users.ts).
  "promotable_users.list": (call) => {
    const account = accountOf(call);
    return Promise.resolve(
      listOf(
        listPromotableUsers(call.ctx, account, call.params),
        (row) => presentPromotableUser(account.id, row),
        "promotable_user",
      ),
    );
  },
  "promotable_users.get": (call) => {
    const account = accountOf(call);
    const row = getPromotableUser(account, call.params.promotable_user_id);
    return Promise.resolve(single(presentPromotableUser(account.id, row), "promotable_user"));
  },
  "tax_settings.get": async (call) => single(await getTaxSettings(call.ctx, accountOf(call).id)),
  "tax_settings.update": async (call) =>
    single(await updateTaxSettings(call.ctx, accountOf(call).id, call.params)),
  "user_settings.get": async (call) => {
    const accountId = accountOf(call).id;
    const { user_id: userId } = call.params;
    // Anyone reads their own settings; an ACCOUNT_ADMIN reads everyone's.
    const admin = call.scope?.permissions.includes("ACCOUNT_ADMIN") === true;
    if (userId !== userOf(call).user.id && !admin) {
      throw new ForbiddenError(
        ERROR_CODES.UNAUTHORIZED_ACCESS,
        "only an ACCOUNT_ADMIN reads the settings of another user",
        "user_id",
      );
    }
    return single(
      presentUserSettings(accountId, userId, await getUserSettings(call.ctx, accountId, userId)),
    );
  },
  "user_settings.update": async (call) => {
    const accountId = accountOf(call).id;
    const { user_id: userId, account_id: _account, ...changes } = call.params;
    // spec §4.3: user context required; not usable by account admins on others' settings.
    if (userId !== userOf(call).user.id) {
      throw new ForbiddenError(
        ERROR_CODES.UNAUTHORIZED_ACCESS,
        "user settings can only be updated by that user (user context)",
        "user_id",
      );
    }
    const row = await updateUserSettings(call.ctx, accountId, userId, changes);
    return single(presentUserSettings(accountId, userId, row));
  },
};
