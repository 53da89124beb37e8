import type { AppContext } from "../context.js";
import type { AccountApp, Prisma, UserSettings } from "../generated/prisma/client.js";
import type { Sortable } from "../http/paging.js";
import { runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { ts } from "./time.js";

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

/**
 * spec §4.3 tax settings: the named fields, plus any further string parameter (the spec says
 * more exist); every call merges into what is stored and answers the whole record.
 */
export async function updateTaxSettings(
  ctx: AppContext,
  accountId: string,
  given: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const changes: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    if (name !== "account_id" && typeof value === "string") changes[name] = value;
  }
  const stored = await ctx.prisma.$transaction(async (tx) => {
    const current = await tx.taxSettings.findUnique({ where: { accountId } });
    const merged = { ...((current?.settings ?? {}) as Record<string, string>), ...changes };
    return tx.taxSettings.upsert({
      where: { accountId },
      create: { accountId, settings: merged, updatedAt: ctx.clock() },
      update: { settings: merged, updatedAt: ctx.clock() },
    });
  });
  const settings = stored.settings as Record<string, string>;
  const named = Object.fromEntries(TAX_FIELDS.map((field) => [field, settings[field] ?? null]));
  return { account_id: accountId, ...settings, ...named, updated_at: ts(stored.updatedAt) };
}

export function presentUserSettings(
  accountId: string,
  userId: string,
  row: UserSettings | null,
): Record<string, unknown> {
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

const ACCOUNT_APP_SORT: Sortable = {
  id: { field: "id", type: "string" },
  name: { field: "name", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
};

export function presentAccountApp(row: AccountApp): Record<string, unknown> {
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
