import { WIRE_ERROR_CODES } from "@adsgraph/models";
import type { Db } from "../db/database.js";
import { ForbiddenError, NotFoundError } from "../errors.js";
import type { AudiencePermission, CustomAudience } from "../generated/prisma/client.js";

/**
 * What an account may do with a custom audience (spec §4.8 sharing rules), decided in one
 * place for every audience endpoint:
 * - `read`: its own audiences, and those shared with it (a live permission of any level);
 * - `write` (users batches, name and description): its own, and those shared READ_WRITE;
 * - `owner` (delete, grant, revoke): its own only (`is_owner`);
 * - `target` (a CUSTOM_AUDIENCE targeting criterion of a new line item): its own, and those
 *   shared with it and not revoked. A revoked share keeps the criteria already written (running
 *   campaigns keep the audience) but allows no new one.
 * A deleted audience, or one the account neither owns nor was granted, is a 404 naming
 * `parameter`: an account learns nothing of audiences it cannot see. Seeing it but lacking the
 * right is a 403.
 */
export type AudienceNeed = "read" | "write" | "owner" | "target";

export interface AudienceAccess {
  readonly audience: CustomAudience;
  /** True when the account owns it. */
  readonly isOwner: boolean;
  /** The live permission through which a non-owner sees it; null for the owner. */
  readonly permission: AudiencePermission | null;
}

export async function accessAudience(
  db: Db,
  accountId: string,
  audienceId: string,
  need: AudienceNeed,
  parameter = "custom_audience_id",
): Promise<AudienceAccess> {
  const audience = await db.customAudience.findFirst({ where: { id: audienceId, deleted: false } });
  const missing = () =>
    new NotFoundError(`custom audience ${audienceId} does not exist`, parameter);
  if (audience === null) throw missing();
  if (audience.accountId === accountId) return { audience, isOwner: true, permission: null };
  const permission = await db.audiencePermission.findFirst({
    where: { audienceId, grantedAccountId: accountId, deleted: false },
    orderBy: { createdAt: "desc" },
  });
  if (permission === null) throw missing();
  if (need === "owner") {
    throw new ForbiddenError(
      WIRE_ERROR_CODES.NOT_AUDIENCE_OWNER,
      `only the owning account ${audience.accountId} may do this with custom audience ${audienceId} (is_owner is false for account ${accountId})`,
      parameter,
    );
  }
  if (need === "write" && permission.permissionLevel !== "READ_WRITE") {
    throw new ForbiddenError(
      WIRE_ERROR_CODES.UNAUTHORIZED_ACCESS,
      `custom audience ${audienceId} is shared with account ${accountId} READ_ONLY`,
      parameter,
    );
  }
  return { audience, isOwner: false, permission };
}

/** The ids of the audiences shared with an account (live permissions), for its lists. */
export async function sharedAudienceIds(db: Db, accountId: string): Promise<string[]> {
  const permissions = await db.audiencePermission.findMany({
    where: { grantedAccountId: accountId, deleted: false },
    select: { audienceId: true },
  });
  return [...new Set(permissions.map((permission) => permission.audienceId))];
}

/**
 * The level of each live permission an account holds, by audience id (the latest grant when
 * older ones remain live), for the `permission_level` its lists answer.
 */
export async function sharedAudienceLevels(
  db: Db,
  accountId: string,
  audienceIds: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  if (audienceIds.length === 0) return new Map();
  const permissions = await db.audiencePermission.findMany({
    where: { grantedAccountId: accountId, deleted: false, audienceId: { in: [...audienceIds] } },
    orderBy: { createdAt: "asc" },
    select: { audienceId: true, permissionLevel: true },
  });
  return new Map(
    permissions.map((permission) => [permission.audienceId, permission.permissionLevel]),
  );
}
