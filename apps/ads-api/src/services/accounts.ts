import { INDUSTRY_TYPES } from "@adsgraph/models";
import type { Account as AccountResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { randomToken } from "../crypto/tokens.js";
import type { Db } from "../db/database.js";
import { newAdsId } from "../db/ids.js";
import type { Account, Prisma } from "../generated/prisma/client.js";
import { NotFoundError } from "../errors.js";
import { grantAccess } from "../credentials/grants.js";
import { inList, namePrefix, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts, tsOrNull } from "./time.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";

export const ACCOUNT_SORT = sortColumns("accounts.list", {
  id: { field: "id", type: "string" },
  name: { field: "nameSort", type: "string" },
  timezone: { field: "timezone", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
});

/**
 * spec §2.2 lists industry_type values without a default, and the sandbox create takes no
 * parameters: an account created without one reads OTHER, the list's catch-all (README,
 * "Where the spec is silent").
 */
export const DEFAULT_INDUSTRY_TYPE = "OTHER";

/**
 * spec §2.2. `industry_type` is present on single read and update only; `salt` too, as in
 * the recorded single read (accounts_load.json), a field the schema does not name.
 */
export function presentAccount(
  row: Account,
  single: boolean,
): Presented<AccountResource> & { salt?: string } {
  return {
    id: row.id,
    name: row.name,
    business_name: row.businessName,
    business_id: row.businessId,
    timezone: row.timezone,
    timezone_switch_at: tsOrNull(row.timezoneSwitchAt),
    approval_status: row.approvalStatus,
    ...(single
      ? {
          industry_type: storedEnum(INDUSTRY_TYPES, row.industryType ?? DEFAULT_INDUSTRY_TYPE),
          salt: row.salt,
        }
      : {}),
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface AccountListQuery extends ListParams {
  readonly account_ids?: readonly string[] | undefined;
  readonly q?: string | undefined;
}

/**
 * Accounts the user holds any role on (spec §4.3); on the sandbox host, only sandbox accounts
 * (see auth/sandbox-accounts.ts).
 */
export function listAccounts(
  ctx: AppContext,
  userId: string,
  query: AccountListQuery,
  sandboxOnly: boolean,
): Promise<ListOutcome<Account>> {
  return runList(ctx, {
    scope: `accounts.list:${userId}${sandboxOnly ? ":sandbox" : ""}`,
    sortable: ACCOUNT_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      grants: { some: { userId } },
      ...(sandboxOnly ? { sandbox: true } : {}),
      ...inList("id", query.account_ids),
      ...namePrefix(query.q),
    },
    findMany: (args) => ctx.prisma.account.findMany(args as Prisma.AccountFindManyArgs),
    count: (where) => ctx.prisma.account.count({ where }),
  });
}

export interface NewAccount {
  readonly id?: string | undefined;
  readonly name: string;
  readonly timezone?: string | undefined;
  readonly industryType?: string | undefined;
  readonly businessName?: string | null | undefined;
  readonly features?: readonly string[] | undefined;
  /** spec §4.7: who the account may post as; the first is its full promotable user. */
  readonly promotableUserIds?: readonly string[] | undefined;
  readonly sandbox?: boolean | undefined;
  readonly at?: Date | undefined;
}

export function createAccountRow(db: Db, input: NewAccount): Promise<Account> {
  const at = input.at ?? new Date();
  return db.account.create({
    data: {
      id: input.id ?? newAdsId(6),
      name: input.name,
      timezone: input.timezone ?? "America/Los_Angeles",
      timezoneSwitchAt: at,
      industryType: input.industryType ?? DEFAULT_INDUSTRY_TYPE,
      businessName: input.businessName ?? null,
      salt: randomToken(24)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "0")
        .slice(0, 32),
      sandbox: input.sandbox ?? true,
      features: [...(input.features ?? [])],
      promotableUserIds: [...(input.promotableUserIds ?? [])],
      createdAt: at,
      updatedAt: at,
    },
  });
}

/** spec §4.3 sandbox create: a new account; the caller becomes its ACCOUNT_ADMIN. */
export async function createSandboxAccount(ctx: AppContext, userId: string): Promise<Account> {
  return ctx.prisma.$transaction(async (tx) => {
    const count = await tx.account.count({ where: { grants: { some: { userId } } } });
    const account = await createAccountRow(tx, {
      name: `Sandbox account ${count + 1}`,
      at: ctx.clock(),
      // spec §4.7: the account posts as its creator (its full promotable user).
      promotableUserIds: [userId],
    });
    await grantAccess(tx, account.id, userId, ["ACCOUNT_ADMIN"]);
    return account;
  });
}

export async function updateAccount(
  ctx: AppContext,
  account: Account,
  changes: { name?: string | undefined; industry_type?: string | undefined },
): Promise<Account> {
  if (account.deleted)
    throw new NotFoundError(`account ${account.id} does not exist`, "account_id");
  return ctx.prisma.account.update({
    where: { id: account.id },
    data: {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.industry_type === undefined ? {} : { industryType: changes.industry_type }),
      updatedAt: ctx.clock(),
    },
  });
}

/**
 * spec §3: sandbox DELETE sets deleted=true. Served on the sandbox host only, which reaches
 * sandbox accounts only (routes/ads-route.ts).
 */
export async function deleteAccount(ctx: AppContext, account: Account): Promise<Account> {
  const updated = await ctx.prisma.account.updateMany({
    where: { id: account.id, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0)
    throw new NotFoundError(`account ${account.id} does not exist`, "account_id");
  return ctx.prisma.account.findUniqueOrThrow({ where: { id: account.id } });
}
