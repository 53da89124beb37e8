import { AUDIENCE_FEATURES, PERMISSION_LEVELS } from "@adsgraph/models";
import type { AudiencePermission as AudiencePermissionResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { newAdsId } from "../db/ids.js";
import type { Account, AudiencePermission, Prisma } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, ForbiddenError, NotFoundError } from "../errors.js";
import type { Sortable } from "../paging/keyset-paging.js";
import { accessAudience } from "./audience-access.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";

const PERMISSION_COLUMNS = {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  granted_account_id: { field: "grantedAccountId", type: "string" },
  permission_level: { field: "permissionLevel", type: "string" },
} as const;

export const TAILORED_PERMISSION_SORT = sortColumns(
  "tailored_audiences.permissions.list",
  PERMISSION_COLUMNS,
);
export const CUSTOM_PERMISSION_SORT = sortColumns(
  "custom_audiences.permissions.list",
  PERMISSION_COLUMNS,
);

/**
 * The same records under two paths (a tailored audience id IS a custom audience id): the v5
 * tailored path and the v12 custom path, each naming the audience and the permission its way.
 */
export interface PermissionPath {
  readonly kind: "tailored" | "custom";
  readonly accountId: string;
  readonly audienceId: string;
}

const PATHS = {
  tailored: {
    audience: "tailored_audience_id",
    permission: "tailored_audience_permission_id",
    sort: TAILORED_PERMISSION_SORT,
    dataType: "tailored_audience_permission",
  },
  custom: {
    audience: "custom_audience_id",
    permission: "custom_audience_permission_id",
    sort: CUSTOM_PERMISSION_SORT,
    dataType: "custom_audience_permission",
  },
} as const satisfies Record<
  PermissionPath["kind"],
  { audience: string; permission: string; sort: Sortable; dataType: string }
>;

export function permissionDataType(kind: PermissionPath["kind"]): string {
  return PATHS[kind].dataType;
}

/** spec §2.10, with the audience under the path's name (as custom_audiences_permissions_all.json). */
export function presentPermission(
  row: AudiencePermission,
  kind: PermissionPath["kind"],
): Presented<AudiencePermissionResource> {
  return {
    id: row.id,
    [PATHS[kind].audience]: row.audienceId,
    granted_account_id: row.grantedAccountId,
    permission_level: storedEnum(PERMISSION_LEVELS, row.permissionLevel),
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface PermissionQuery extends ListParams {
  readonly granted_account_ids?: readonly string[] | undefined;
  readonly tailored_audience_permission_ids?: readonly string[] | undefined;
  readonly custom_audience_permission_ids?: readonly string[] | undefined;
}

/**
 * Live grants of an audience the path account may read: every one for the owner, only its own
 * for a grantee (an account learns nothing of the owner's other shares).
 */
export async function listPermissions(
  ctx: AppContext,
  path: PermissionPath,
  query: PermissionQuery,
): Promise<ListOutcome<AudiencePermission>> {
  const names = PATHS[path.kind];
  const access = await accessAudience(
    ctx.prisma,
    path.accountId,
    path.audienceId,
    "read",
    names.audience,
  );
  const ids = query.tailored_audience_permission_ids ?? query.custom_audience_permission_ids;
  return runList(ctx, {
    scope: `audience_permissions:${path.audienceId}:${path.accountId}`,
    sortable: names.sort,
    defaultSort: "created_at-asc",
    // No with_deleted among the catalog's parameters: revoked grants are never listed.
    params: { ...query, with_deleted: false },
    where: {
      audienceId: path.audienceId,
      ...(access.isOwner ? {} : { grantedAccountId: path.accountId }),
      ...inList("grantedAccountId", query.granted_account_ids),
      ...inList("id", ids),
    },
    findMany: (args) =>
      ctx.prisma.audiencePermission.findMany(args as Prisma.AudiencePermissionFindManyArgs),
    count: (where) => ctx.prisma.audiencePermission.count({ where }),
  });
}

/** One live grant of the audience: any for the owner, its own for a grantee. */
export async function getPermission(
  ctx: AppContext,
  path: PermissionPath,
  id: string,
): Promise<AudiencePermission> {
  const names = PATHS[path.kind];
  const access = await accessAudience(
    ctx.prisma,
    path.accountId,
    path.audienceId,
    "read",
    names.audience,
  );
  const row = await ctx.prisma.audiencePermission.findFirst({
    where: {
      id,
      audienceId: path.audienceId,
      deleted: false,
      ...(access.isOwner ? {} : { grantedAccountId: path.accountId }),
    },
  });
  if (row === null) throw new NotFoundError(`permission ${id} does not exist`, names.permission);
  return row;
}

/**
 * spec §4.8 sharing rules: accounts of one business (the same non-null business_id), or any
 * account when the owner has SHARE_AUDIENCE_OUTSIDE_BUSINESS.
 */
function mayShare(owner: Account, granted: Account): boolean {
  const sameBusiness = owner.businessId !== null && owner.businessId === granted.businessId;
  return sameBusiness || owner.features.includes(AUDIENCE_FEATURES.SHARE_OUTSIDE_BUSINESS);
}

export interface NewGrant {
  readonly granted_account_id: string;
  readonly permission_level: (typeof PERMISSION_LEVELS)[number];
}

/**
 * spec §4.8 POST: the owner (path account) shares its audience with another existing account
 * it may share with. A second grant to an account that holds a live one changes that grant's
 * level (ads-api README): one live grant per account and audience, so what the account may do
 * has one answer. The audience row is held, so two grants at once make one.
 */
export async function createPermission(
  ctx: AppContext,
  owner: Account,
  path: PermissionPath,
  grant: NewGrant,
): Promise<AudiencePermission> {
  const names = PATHS[path.kind];
  return ctx.prisma.$transaction(async (tx) => {
    await accessAudience(tx, owner.id, path.audienceId, "owner", names.audience);
    await tx.$queryRaw`SELECT id FROM "custom_audience" WHERE id = ${path.audienceId} FOR UPDATE`;
    const grantedId = grant.granted_account_id;
    const granted = await tx.account.findUnique({ where: { id: grantedId } });
    if (granted === null || granted.deleted) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        `account ${grantedId} does not exist`,
        "granted_account_id",
      );
    }
    if (granted.id === owner.id) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        `account ${grantedId} owns custom audience ${path.audienceId}: an audience is shared with other accounts`,
        "granted_account_id",
      );
    }
    if (!mayShare(owner, granted)) {
      throw new ForbiddenError(
        ERROR_CODES.SHARING_NOT_ALLOWED,
        `account ${grantedId} is not of account ${owner.id}'s business, and sharing outside it needs the ${AUDIENCE_FEATURES.SHARE_OUTSIDE_BUSINESS} feature (spec §4.8)`,
        "granted_account_id",
      );
    }
    const now = ctx.clock();
    const live = await tx.audiencePermission.findFirst({
      where: { audienceId: path.audienceId, grantedAccountId: grantedId, deleted: false },
      orderBy: { createdAt: "desc" },
    });
    if (live === null) {
      return tx.audiencePermission.create({
        data: {
          id: newAdsId(),
          accountId: owner.id,
          audienceId: path.audienceId,
          grantedAccountId: grantedId,
          permissionLevel: grant.permission_level,
          createdAt: now,
          updatedAt: now,
        },
      });
    }
    if (live.permissionLevel === grant.permission_level) return live;
    return tx.audiencePermission.update({
      where: { id: live.id },
      data: { permissionLevel: grant.permission_level, updatedAt: now },
    });
  });
}

/**
 * spec §4.8 DELETE: the owner revokes a grant (soft delete; a second DELETE is 404). The
 * granted account can then neither read nor newly target the audience; its targeting criteria
 * written before stay (running campaigns keep the audience).
 */
export async function revokePermission(
  ctx: AppContext,
  ownerId: string,
  path: PermissionPath,
  id: string,
): Promise<AudiencePermission> {
  const names = PATHS[path.kind];
  return ctx.prisma.$transaction(async (tx) => {
    await accessAudience(tx, ownerId, path.audienceId, "owner", names.audience);
    const revoked = await tx.audiencePermission.updateMany({
      where: { id, audienceId: path.audienceId, deleted: false },
      data: { deleted: true, updatedAt: ctx.clock() },
    });
    if (revoked.count === 0) {
      throw new NotFoundError(`permission ${id} does not exist`, names.permission);
    }
    return tx.audiencePermission.findUniqueOrThrow({ where: { id } });
  });
}
