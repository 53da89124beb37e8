import type {
  AccountApp as AccountAppResource,
  TaxSettings,
  UserSettings as UserSettingsResource,
} from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { BadRequestError, ERROR_CODES } from "../errors.js";
import type { ErrorEntry } from "../errors.js";
import type { AccountApp, Prisma, UserSettings } from "../generated/prisma/client.js";
import { runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { AdvertisingFields, Presented } from "./presented.js";

const TAX_FIELDS = [
  "address_name",
  "client_address_region",
  "client_address_street1",
  "client_address_street2",
  "invoice_jurisdiction",
  "tax_category",
  "tax_exemption_id",
  "tax_id",
] as const;

/** A further tax parameter's name: a snake_case word, as every named one is. */
const FURTHER_NAME = /^[a-z][a-z0-9_]{0,63}$/;
/** Fields one account stores at most (the named eight and further ones). */
export const MAX_TAX_FIELDS = 64;

function furtherNamesProblem(changes: Readonly<Record<string, string>>): ErrorEntry[] {
  return Object.keys(changes)
    .filter((name) => !FURTHER_NAME.test(name))
    .map((name) => ({
      code: ERROR_CODES.INVALID_PARAMETER,
      message: `${name.slice(0, 64)} is not a tax settings parameter: further parameters are snake_case words of at most 64 characters`,
      parameter: name.slice(0, 64),
    }));
}

/**
 * spec §4.3 tax settings: the named fields, plus any further string parameter (the spec says
 * more exist, "not shown"); every call merges into what is stored and answers the whole
 * record. Further names must look like parameter names and an account keeps at most
 * MAX_TAX_FIELDS, so no caller grows the record without bound.
 */
export async function updateTaxSettings(
  ctx: AppContext,
  accountId: string,
  given: Readonly<Record<string, unknown>>,
): Promise<TaxSettings> {
  // No prototype: every name is an own key (a `__proto__` would otherwise vanish).
  const changes = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(given)) {
    if (name !== "account_id" && typeof value === "string") changes[name] = value;
  }
  const badNames = furtherNamesProblem(changes);
  if (badNames.length > 0) throw new BadRequestError(badNames);
  const stored = await ctx.prisma.$transaction(async (tx) => {
    const current = await tx.taxSettings.findUnique({ where: { accountId } });
    const merged = { ...((current?.settings ?? {}) as Record<string, string>), ...changes };
    if (Object.keys(merged).length > MAX_TAX_FIELDS) {
      throw BadRequestError.of(
        ERROR_CODES.TOO_MANY_ITEMS,
        `an account keeps at most ${MAX_TAX_FIELDS} tax settings fields`,
      );
    }
    return tx.taxSettings.upsert({
      where: { accountId },
      create: { accountId, settings: merged, updatedAt: ctx.clock() },
      update: { settings: merged, updatedAt: ctx.clock() },
    });
  });
  return presentTaxSettings(accountId, stored.settings as Record<string, string>, stored.updatedAt);
}

/** The whole record: every stored field, the named ones null when never set. */
function presentTaxSettings(
  accountId: string,
  settings: Readonly<Record<string, string>>,
  updatedAt: Date | null,
): TaxSettings {
  const named = Object.fromEntries(TAX_FIELDS.map((field) => [field, settings[field] ?? null]));
  return {
    account_id: accountId,
    ...settings,
    ...named,
    updated_at: updatedAt === null ? null : ts(updatedAt),
  };
}

/**
 * Beyond the spec (issue 33, the vendor's GET tax_settings): what the PUT stored, answered as
 * the PUT answers it; an account never given any has every named field null and no updated_at.
 */
export async function getTaxSettings(ctx: AppContext, accountId: string): Promise<TaxSettings> {
  const stored = await ctx.prisma.taxSettings.findUnique({ where: { accountId } });
  return presentTaxSettings(
    accountId,
    (stored?.settings ?? {}) as Record<string, string>,
    stored?.updatedAt ?? null,
  );
}

export function presentUserSettings(
  accountId: string,
  userId: string,
  row: UserSettings | null,
): Presented<UserSettingsResource> & { account_id: string } {
  return {
    account_id: accountId,
    user_id: userId,
    notification_email: row?.notificationEmail ?? null,
    contact_phone: row?.contactPhone ?? null,
    contact_phone_extension: row?.contactPhoneExtension ?? null,
    subscribe_email_types: row?.subscribeEmailTypes ?? [],
  };
}

export function getUserSettings(
  ctx: AppContext,
  accountId: string,
  userId: string,
): Promise<UserSettings | null> {
  return ctx.prisma.userSettings.findUnique({ where: { accountId_userId: { accountId, userId } } });
}

export interface UserSettingsChanges {
  readonly notification_email?: string | undefined;
  readonly contact_phone?: string | undefined;
  readonly contact_phone_extension?: string | undefined;
  readonly subscribe_email_types?: readonly string[] | undefined;
}

export function updateUserSettings(
  ctx: AppContext,
  accountId: string,
  userId: string,
  changes: UserSettingsChanges,
): Promise<UserSettings> {
  const data = {
    ...(changes.notification_email === undefined
      ? {}
      : { notificationEmail: changes.notification_email }),
    ...(changes.contact_phone === undefined ? {} : { contactPhone: changes.contact_phone }),
    ...(changes.contact_phone_extension === undefined
      ? {}
      : { contactPhoneExtension: changes.contact_phone_extension }),
    ...(changes.subscribe_email_types === undefined
      ? {}
      : { subscribeEmailTypes: [...changes.subscribe_email_types] }),
    updatedAt: ctx.clock(),
  };
  return ctx.prisma.userSettings.upsert({
    where: { accountId_userId: { accountId, userId } },
    create: { accountId, userId, ...data },
    update: data,
  });
}

export const ACCOUNT_APP_SORT = sortColumns("account_apps.list", {
  id: { field: "id", type: "string" },
  name: { field: "nameSort", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
});

/** The schema names the app's own fields; the service answers a §2.1 record with its name. */
export function presentAccountApp(
  row: AccountApp,
): Presented<AccountAppResource> & AdvertisingFields & { name: string } {
  return {
    id: row.id,
    name: row.name,
    app_store_identifier: row.appStoreIdentifier,
    os_type: row.osType,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export function listAccountApps(
  ctx: AppContext,
  accountId: string,
  params: ListParams,
): Promise<ListOutcome<AccountApp>> {
  return runList(ctx, {
    scope: `account_apps:${accountId}`,
    sortable: ACCOUNT_APP_SORT,
    defaultSort: "created_at-asc",
    params,
    where: { accountId },
    findMany: (args) => ctx.prisma.accountApp.findMany(args as Prisma.AccountAppFindManyArgs),
    count: (where) => ctx.prisma.accountApp.count({ where }),
  });
}
