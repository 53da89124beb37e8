import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import {
  createDoNotReachList,
  deleteDoNotReachList,
  listDoNotReachLists,
} from "../services/do-not-reach-lists.js";
import { uploadDoNotReachUsers } from "../services/do-not-reach-users.js";
import { collection, single } from "../services/results.js";
import { usersBatchAnswer } from "../services/users-batch-answer.js";

/** spec §4.8 do-not-reach lists and their users. */
export const doNotReachListHandlers: AdsHandlers = {
  "do_not_reach_lists.list": async (call) =>
    collection(await listDoNotReachLists(call.ctx, accountOf(call).id)),
  "do_not_reach_lists.create": async (call) =>
    single(await createDoNotReachList(call.ctx, accountOf(call).id, call.params.description)),
  "do_not_reach_lists.delete": async (call) =>
    single(
      await deleteDoNotReachList(call.ctx, accountOf(call).id, call.params.do_not_reach_list_id),
    ),
  "do_not_reach_lists.users.batch": async (call) => {
    const { do_not_reach_list_id: listId, operations } = call.params;
    const accountId = accountOf(call).id;
    const users = await uploadDoNotReachUsers(call.ctx, accountId, listId, operations);
    return usersBatchAnswer(users, { account_id: accountId, do_not_reach_list_id: listId });
  },
};
