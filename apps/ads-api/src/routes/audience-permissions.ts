import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { listOf, single } from "../services/results.js";
import {
  createPermission,
  getPermission,
  listPermissions,
  permissionDataType,
  presentPermission,
  revokePermission,
} from "../services/audience-permissions.js";
import type { PermissionPath } from "../services/audience-permissions.js";

const tailored = (accountId: string, audienceId: string): PermissionPath => ({
  kind: "tailored",
  accountId,
  audienceId,
});
const custom = (accountId: string, audienceId: string): PermissionPath => ({
  kind: "custom",
  accountId,
  audienceId,
});

/**
 * spec §4.8 audience permissions: the v5 tailored path and the v12 custom path over the same
 * records. Lists are not `cacheable`: a grantee's list is made of the owner's rows.
 */
export const audiencePermissionHandlers: AdsHandlers = {
  "tailored_audiences.permissions.list": async (call) => {
    const path = tailored(accountOf(call).id, call.params.tailored_audience_id);
    return listOf(
      await listPermissions(call.ctx, path, call.params),
      (row) => presentPermission(row, path.kind),
      permissionDataType(path.kind),
    );
  },
  "tailored_audiences.permissions.create": async (call) => {
    const { tailored_audience_id: audienceId, granted_account_id, permission_level } = call.params;
    const path = tailored(accountOf(call).id, audienceId);
    const row = await createPermission(call.ctx, accountOf(call), path, {
      granted_account_id,
      permission_level,
    });
    return single(presentPermission(row, path.kind), permissionDataType(path.kind));
  },
  "tailored_audiences.permissions.delete": async (call) => {
    const { tailored_audience_id: audienceId, tailored_audience_permission_id: id } = call.params;
    const path = tailored(accountOf(call).id, audienceId);
    const row = await revokePermission(call.ctx, path.accountId, path, id);
    return single(presentPermission(row, path.kind), permissionDataType(path.kind));
  },
  "custom_audiences.permissions.list": async (call) => {
    const path = custom(accountOf(call).id, call.params.custom_audience_id);
    return listOf(
      await listPermissions(call.ctx, path, call.params),
      (row) => presentPermission(row, path.kind),
      permissionDataType(path.kind),
    );
  },
  "custom_audiences.permissions.get": async (call) => {
    const { custom_audience_id: audienceId, custom_audience_permission_id: id } = call.params;
    const path = custom(accountOf(call).id, audienceId);
    const row = await getPermission(call.ctx, path, id);
    return single(presentPermission(row, path.kind), permissionDataType(path.kind));
  },
  "custom_audiences.permissions.create": async (call) => {
    const { custom_audience_id: audienceId, granted_account_id, permission_level } = call.params;
    const path = custom(accountOf(call).id, audienceId);
    const row = await createPermission(call.ctx, accountOf(call), path, {
      granted_account_id,
      permission_level,
    });
    return single(presentPermission(row, path.kind), permissionDataType(path.kind));
  },
  "custom_audiences.permissions.delete": async (call) => {
    const { custom_audience_id: audienceId, custom_audience_permission_id: id } = call.params;
    const path = custom(accountOf(call).id, audienceId);
    const row = await revokePermission(call.ctx, path.accountId, path, id);
    return single(presentPermission(row, path.kind), permissionDataType(path.kind));
  },
};
