import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import {
  createPromotedAccount,
  deletePromotedAccount,
  getPromotedAccount,
  listPromotedAccounts,
  presentPromotedAccount,
} from "../services/promoted-accounts.js";

/** spec §4.6 promoted accounts (no update exists). */
export const promotedAccountHandlers: AdsHandlers = {
  "promoted_accounts.list": async (call) =>
    cacheable(
      listOf(
        await listPromotedAccounts(call.ctx, accountOf(call).id, call.params),
        presentPromotedAccount,
        "promoted_account",
      ),
    ),
  "promoted_accounts.get": async (call) => {
    const { promoted_account_id: id, with_deleted: withDeleted } = call.params;
    const row = await getPromotedAccount(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentPromotedAccount(row), "promoted_account");
  },
  "promoted_accounts.create": async (call) => {
    const row = await createPromotedAccount(call.ctx, accountOf(call).id, call.params);
    return single(presentPromotedAccount(row), "promoted_account");
  },
  "promoted_accounts.delete": async (call) => {
    const id = call.params.promoted_account_id;
    const row = await deletePromotedAccount(call.ctx, accountOf(call).id, id);
    return single(presentPromotedAccount(row), "promoted_account");
  },
};
