import type {
  AccountApp,
  AudiencePermission,
  PromotableUser,
  TargetingCriterionResource,
  UserSettings,
} from "@adsgraph/models";
import type { RestClient } from "@adsgraph/rest-client";
import { NotFoundError } from "../errors/facade-errors.js";
import { childrenLoader, directLoader, perKeyLoader } from "./by-id-loader.js";
import type { ByIdLoader } from "./by-id-loader.js";
import { parseEntityKey } from "./keys.js";
import type { EntityKey } from "./keys.js";
import type { LoaderOptions } from "./loader-options.js";
import type { Owned } from "./shapes.js";

export type TargetingCriterionShape = Owned<TargetingCriterionResource>;
export type AccountAppShape = Owned<AccountApp>;
export type UserSettingsShape = Owned<UserSettings> & { readonly user_id: string };
export type TailoredPermissionShape = Owned<AudiencePermission>;
export type PromotableUserShape = Owned<PromotableUser>;

/**
 * Reads of the rest of the service (issue 32): targeting criteria of line items, an account's
 * apps, a user's settings and the v5 tailored-audience grants. Each is read once per request
 * whatever number of fields ask for it; targeting criteria of every line item asked for in a
 * tick go out together by `line_item_ids` (≤200 a request, every page of 1,000).
 */
export interface ServiceLoaders {
  /** Targeting criteria of line items, keyed by the line item's `<account>/<id>`. */
  readonly targetingCriteriaOfLineItem: ByIdLoader<EntityKey, TargetingCriterionShape[]>;
  /** One targeting criterion by `<account>/<id>` (also deleted ones: its own read). */
  readonly targetingCriterion: ByIdLoader<EntityKey, TargetingCriterionShape>;
  /** Every app of an account, by account id. */
  readonly accountApps: ByIdLoader<string, AccountAppShape[]>;
  /** Every promotable user of an account (a handful), by account id. */
  readonly promotableUsers: ByIdLoader<string, PromotableUserShape[]>;
  /** One promotable user by `<account>/<id>`. */
  readonly promotableUser: ByIdLoader<EntityKey, PromotableUserShape>;
  /** A user's settings on an account, keyed `<account>/<user id>`. */
  readonly userSettings: ByIdLoader<EntityKey, UserSettingsShape>;
  /** Live grants of an audience through the version 5 tailored-audience path. */
  readonly tailoredPermissionsOfAudience: ByIdLoader<EntityKey, TailoredPermissionShape[]>;
}

function keyParts(key: EntityKey, what: string): { accountId: string; id: string } {
  const parsed = parseEntityKey(key);
  if (parsed === null) throw new NotFoundError(`No ${what} has the id ${key}.`);
  return parsed;
}

export function serviceLoaders(
  upstream: RestClient,
  { batching, traceParent }: LoaderOptions,
): ServiceLoaders {
  const perKey = <K, V>(name: string, fetchOne: (key: K) => Promise<V>) =>
    batching ? perKeyLoader(fetchOne, name, traceParent) : directLoader(fetchOne);

  const criteriaOf = async (accountId: string, lineItemIds: string[]) =>
    (
      await upstream.wire.collectMany(
        "targeting_criteria.list",
        { account_id: accountId, ids: lineItemIds, count: 1000 },
        { by: "line_item_ids" },
      )
    ).map((item): TargetingCriterionShape => ({ ...item, account_id: accountId }));

  return {
    targetingCriteriaOfLineItem: batching
      ? childrenLoader(criteriaOf, (item) => item.line_item_id, "targeting criteria", traceParent)
      : directLoader(async (key: EntityKey) => {
          const { accountId, id } = keyParts(key, "line item");
          return criteriaOf(accountId, [id]);
        }),
    targetingCriterion: perKey("targeting criterion", async (key: EntityKey) => {
      const { accountId, id } = keyParts(key, "targeting criterion");
      const { data } = await upstream.call("targeting_criteria.get", {
        account_id: accountId,
        targeting_criterion_id: id,
        with_deleted: true,
      });
      return { ...data, account_id: accountId };
    }),
    accountApps: perKey("account apps", async (accountId: string) =>
      (await upstream.collect("account_apps.list", { account_id: accountId, count: 1000 })).map(
        (app): AccountAppShape => ({ ...app, account_id: accountId }),
      ),
    ),
    promotableUsers: perKey("promotable users", async (accountId: string) =>
      (await upstream.collect("promotable_users.list", { account_id: accountId, count: 1000 })).map(
        (user): PromotableUserShape => ({ ...user, account_id: accountId }),
      ),
    ),
    promotableUser: perKey("promotable user", async (key: EntityKey) => {
      const { accountId, id } = keyParts(key, "promotable user");
      const { data } = await upstream.call("promotable_users.get", {
        account_id: accountId,
        promotable_user_id: id,
      });
      return { ...data, account_id: accountId };
    }),
    userSettings: perKey("user settings", async (key: EntityKey) => {
      const { accountId, id } = keyParts(key, "user");
      const { data } = await upstream.call("user_settings.get", {
        account_id: accountId,
        user_id: id,
      });
      return { ...data, account_id: accountId, user_id: data.user_id ?? id };
    }),
    tailoredPermissionsOfAudience: perKey(
      "tailored audience permissions",
      async (key: EntityKey) => {
        const { accountId, id } = keyParts(key, "custom audience");
        const items = await upstream.collect("tailored_audiences.permissions.list", {
          account_id: accountId,
          tailored_audience_id: id,
          count: 1000,
        });
        return items.map((item): TailoredPermissionShape => ({ ...item, account_id: accountId }));
      },
    ),
  };
}
