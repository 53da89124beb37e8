import type { PrismaClient } from "../db/database.js";
import type { Account } from "../generated/prisma/client.js";
import { isPermission } from "../credentials/grants.js";
import type { Permission } from "../credentials/grants.js";

/** The account of a path, the caller's roles on it, and the version of its data. */
export interface LoadedScope {
  readonly account: Account | null;
  /** null: the user has no grant on the account. */
  readonly permissions: Permission[] | null;
  /** `account_data_version` (0 before the account's first write since the migration). */
  readonly dataVersion: bigint;
}

interface ScopeRow {
  id: string;
  name: string;
  business_name: string | null;
  business_id: string | null;
  timezone: string;
  timezone_switch_at: Date | null;
  industry_type: string | null;
  approval_status: string;
  salt: string;
  sandbox: boolean;
  active_campaign_limit: number | null;
  features: string[];
  created_at: Date;
  updated_at: Date;
  deleted: boolean;
  grant_permissions: string[] | null;
  data_version: bigint | null;
}

/**
 * One round trip for what every account-scoped request needs (it was three queries): the
 * account row, the user's grant on it and the account's data version, read in one statement so
 * they are of one snapshot. The version is read before any row a handler reads afterwards, so an
 * answer cached under it is never older than it.
 */
export async function loadAccountScope(
  prisma: PrismaClient,
  accountId: string,
  userId: string,
): Promise<LoadedScope> {
  const rows = await prisma.$queryRaw<ScopeRow[]>`
    SELECT a.id, a.name, a.business_name, a.business_id, a.timezone, a.timezone_switch_at,
           a.industry_type, a.approval_status, a.salt, a.sandbox, a.active_campaign_limit,
           a.features, a.created_at, a.updated_at, a.deleted,
           g.permissions AS grant_permissions, v.version AS data_version
    FROM account a
    LEFT JOIN account_grant g ON g.account_id = a.id AND g.user_id = ${userId}
    LEFT JOIN account_data_version v ON v.account_id = a.id
    WHERE a.id = ${accountId}`;
  const row = rows[0];
  if (row === undefined) return { account: null, permissions: null, dataVersion: 0n };
  return {
    account: {
      id: row.id,
      name: row.name,
      businessName: row.business_name,
      businessId: row.business_id,
      timezone: row.timezone,
      timezoneSwitchAt: row.timezone_switch_at,
      industryType: row.industry_type,
      approvalStatus: row.approval_status,
      salt: row.salt,
      sandbox: row.sandbox,
      activeCampaignLimit: row.active_campaign_limit,
      features: row.features,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      deleted: row.deleted,
    },
    permissions: row.grant_permissions === null ? null : row.grant_permissions.filter(isPermission),
    dataVersion: row.data_version ?? 0n,
  };
}
