import { isPermission, roleCombinationProblem } from "../auth/roles.js";
import type { Permission } from "../auth/roles.js";
import type { Db } from "../db/database.js";

/** A set of roles spec §4.3 does not allow (POST_COMPOSER alone, or no role at all). */
export class GrantError extends Error {
  override readonly name = "GrantError";
}

/**
 * Gives a user roles on an account (replacing earlier roles). Throws GrantError, writing
 * nothing, for a combination §4.3 does not allow.
 */
export async function grantAccess(
  db: Db,
  accountId: string,
  userId: string,
  permissions: readonly Permission[],
): Promise<void> {
  const problem = roleCombinationProblem(permissions);
  if (problem !== undefined) throw new GrantError(problem);
  const roles = [...new Set(permissions)];
  await db.accountGrant.upsert({
    where: { accountId_userId: { accountId, userId } },
    create: { accountId, userId, permissions: roles },
    update: { permissions: roles },
  });
}

export async function revokeAccess(db: Db, accountId: string, userId: string): Promise<void> {
  await db.accountGrant.deleteMany({ where: { accountId, userId } });
}

/** The user's roles on the account, or null when the user has no access. */
export async function permissionsOf(
  db: Db,
  accountId: string,
  userId: string,
): Promise<Permission[] | null> {
  const grant = await db.accountGrant.findUnique({
    where: { accountId_userId: { accountId, userId } },
  });
  return grant === null ? null : grant.permissions.filter(isPermission);
}
