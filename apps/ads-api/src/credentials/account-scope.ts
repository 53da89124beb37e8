import type { PrismaClient } from "../db/database.js";
import { Prisma } from "../generated/prisma/client.js";
import type { Account } from "../generated/prisma/client.js";
import { isPermission } from "../auth/roles.js";
import type { Permission } from "../auth/roles.js";

/** The account of a path, the caller's roles on it, and the version of its data. */
export interface LoadedScope {
  readonly account: Account | null;
  /** null: the user has no grant on the account. */
  readonly permissions: Permission[] | null;
  /** `account_data_version` (0 before the account's first write since the migration). */
  readonly dataVersion: bigint;
}

/** The columns of `SCOPE_COLUMNS`, by their aliases. */
export interface ScopeRow {
  c_id: string | null;
  c_name: string;
  c_business_name: string | null;
  c_business_id: string | null;
  c_timezone: string;
  c_timezone_switch_at: Date | null;
  c_industry_type: string | null;
  c_approval_status: string;
  c_salt: string;
  c_sandbox: boolean;
  c_active_campaign_limit: number | null;
  c_features: string[];
  c_promotable_user_ids: string[];
  c_created_at: Date;
  c_updated_at: Date;
  c_deleted: boolean;
  c_name_sort: string;
  g_permissions: string[] | null;
  /** BIGINT: Prisma gives a bigint, node-postgres a string, PGlite a number. */
  v_version: bigint | string | number | null;
}

/** Select list of the account `c`, the grant `g` and the data version `v` (see loadAccountScope). */
export const SCOPE_COLUMNS_SQL = `
  c.id AS c_id, c.name AS c_name, c.business_name AS c_business_name,
  c.business_id AS c_business_id, c.timezone AS c_timezone,
  c.timezone_switch_at AS c_timezone_switch_at, c.industry_type AS c_industry_type,
  c.approval_status AS c_approval_status, c.salt AS c_salt, c.sandbox AS c_sandbox,
  c.active_campaign_limit AS c_active_campaign_limit, c.features AS c_features,
  c.promotable_user_ids AS c_promotable_user_ids, c.created_at AS c_created_at, c.updated_at AS c_updated_at, c.deleted AS c_deleted,
  c.name_sort AS c_name_sort,
  g.permissions AS g_permissions, v.version AS v_version`;
export const SCOPE_COLUMNS = Prisma.raw(SCOPE_COLUMNS_SQL);

/** A scope from its row (no row, or no account in it: the account does not exist). */
export function scopeOfRow(row: ScopeRow | undefined): LoadedScope {
  if (row?.c_id == null) return { account: null, permissions: null, dataVersion: 0n };
  return {
    account: {
      id: row.c_id,
      name: row.c_name,
      businessName: row.c_business_name,
      businessId: row.c_business_id,
      timezone: row.c_timezone,
      timezoneSwitchAt: row.c_timezone_switch_at,
      industryType: row.c_industry_type,
      approvalStatus: row.c_approval_status,
      salt: row.c_salt,
      sandbox: row.c_sandbox,
      activeCampaignLimit: row.c_active_campaign_limit,
      features: row.c_features,
      promotableUserIds: row.c_promotable_user_ids,
      createdAt: row.c_created_at,
      updatedAt: row.c_updated_at,
      deleted: row.c_deleted,
      nameSort: row.c_name_sort,
    },
    permissions: row.g_permissions === null ? null : row.g_permissions.filter(isPermission),
    dataVersion: row.v_version === null ? 0n : BigInt(row.v_version),
  };
}

/**
 * One round trip for what every account-scoped request needs (it was three queries): the
 * account row, the user's grant on it and the account's data version, read in one statement so
 * they are of one snapshot. The version is read before any row a handler reads afterwards, so an
 * answer cached under it is never older than it. (A signed request usually has this already,
 * read with its credentials: credential-prefetch.ts.)
 */
export async function loadAccountScope(
  prisma: PrismaClient,
  accountId: string,
  userId: string,
): Promise<LoadedScope> {
  const rows = await prisma.$queryRaw<ScopeRow[]>`
    SELECT ${SCOPE_COLUMNS}
    FROM account c
    LEFT JOIN account_grant g ON g.account_id = c.id AND g.user_id = ${userId}
    LEFT JOIN account_data_version v ON v.account_id = c.id
    WHERE c.id = ${accountId}`;
  return scopeOfRow(rows[0]);
}
