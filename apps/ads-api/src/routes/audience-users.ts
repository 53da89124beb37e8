import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { uploadAudienceUsers } from "../services/audience-users.js";
import { usersBatchAnswer } from "../services/users-batch-answer.js";

/** spec §4.8 custom audience users (the audiences themselves are served beside this). */
export const audienceUserHandlers: AdsHandlers = {
  "custom_audiences.users.batch": async (call) => {
    const { custom_audience_id: audienceId, operations } = call.params;
    const accountId = accountOf(call).id;
    const users = await uploadAudienceUsers(call.ctx, accountId, audienceId, operations);
    return usersBatchAnswer(users, { account_id: accountId, custom_audience_id: audienceId });
  },
};
