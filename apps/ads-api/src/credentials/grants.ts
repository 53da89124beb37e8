import { USER_ACCESS_PERMISSIONS } from "@adsgraph/models";
import type { Db } from "../db/database.js";

export type Permission = (typeof USER_ACCESS_PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (USER_ACCESS_PERMISSIONS as readonly string[]).includes(value);
}

/** Gives a user roles on an account (replacing earlier roles). */
export async function grantAccess(
  db: Db,
  accountId: string,
  userId: string,
  permissions: readonly Permission[],
): Promise<void> {
  await db.accountGrant.upsert({
    where: { accountId_userId: { accountId, userId } },
    create: { accountId, userId, permissions: [...permissions] },
    update: { permissions: [...permissions] },
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
