import type { UsersBatchResult } from "@adsgraph/models";
import type { Presented } from "./presented.js";
import { raw } from "./results.js";
import type { Echo, RawResult } from "./results.js";

/**
 * The answer of a users batch (spec §4.8; its envelope is not shown): `{request: {params},
 * data: {success_count, total_count}}`, both counts the users sent over every operation. The
 * batch is all or nothing, so an answer is only ever sent with them equal; a client seeing
 * them differ from what it sent retries (spec §7).
 */
export function usersBatchAnswer(
  users: number,
  params: Echo,
): RawResult<Presented<UsersBatchResult> & { request: { params: Echo } }> {
  return raw({ request: { params }, data: { success_count: users, total_count: users } });
}
