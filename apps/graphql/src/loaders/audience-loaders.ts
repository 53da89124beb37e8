import type { RestClient } from "@adsgraph/rest-client";
import { NotFoundError } from "../errors/facade-errors.js";
import { directLoader, perKeyLoader } from "./by-id-loader.js";
import type { ByIdLoader } from "./by-id-loader.js";
import { parseEntityKey } from "./keys.js";
import type { EntityKey } from "./keys.js";
import type { AudiencePermissionShape, DoNotReachListShape, TargetedEntryShape } from "./shapes.js";
import type { LoaderOptions } from "./loader-options.js";

/**
 * The per-audience reads of spec §4.8. Their endpoints name one audience in the path, so no
 * request can hold two audiences: each audience asked for in a request is read once (all pages
 * of 1,000), whatever number of fields ask for it. What the answers name (campaigns, line items)
 * is read through the by-id loaders, batched across audiences.
 */
export interface AudienceLoaders {
  /** Live grants of a custom audience (keyed `<account>/<audience>`): every one for its owner, the asking account's own for a grantee. */
  readonly permissionsOfAudience: ByIdLoader<EntityKey, AudiencePermissionShape[]>;
  /** Campaigns and their line items targeting an audience; `withActive`: only active ones. */
  targetedOfAudience(filter: {
    readonly withActive: boolean;
  }): ByIdLoader<EntityKey, TargetedEntryShape[]>;
  /** The account's do-not-reach list, or null (spec §8: one at most). */
  readonly doNotReachList: ByIdLoader<string, DoNotReachListShape | null>;
}

function audienceOf(key: EntityKey): { accountId: string; id: string } {
  const parsed = parseEntityKey(key);
  if (parsed === null) throw new NotFoundError(`No custom audience has the id ${key}.`);
  return parsed;
}

export function audienceLoaders(
  upstream: RestClient,
  { batching, traceParent }: LoaderOptions,
): AudienceLoaders {
  const perKey = <K, V>(name: string, fetchOne: (key: K) => Promise<V>) =>
    batching ? perKeyLoader(fetchOne, name, traceParent) : directLoader(fetchOne);
  const permissionsOfAudience = perKey("custom audience permissions", async (key: EntityKey) => {
    const { accountId, id } = audienceOf(key);
    const items = await upstream.collect("custom_audiences.permissions.list", {
      account_id: accountId,
      custom_audience_id: id,
      count: 1000,
    });
    return items.map((item): AudiencePermissionShape => ({ ...item, account_id: accountId }));
  });
  const targeted = new Map<boolean, ByIdLoader<EntityKey, TargetedEntryShape[]>>();
  const doNotReachList = perKey("do-not-reach list", async (accountId: string) => {
    const { data } = await upstream.call("do_not_reach_lists.list", { account_id: accountId });
    const list = data.find((item) => item.deleted !== true);
    return list === undefined ? null : { ...list, account_id: accountId };
  });
  return {
    permissionsOfAudience,
    targetedOfAudience({ withActive }) {
      let loader = targeted.get(withActive);
      if (loader === undefined) {
        loader = perKey("custom audience targeted", async (key: EntityKey) => {
          const { accountId, id } = audienceOf(key);
          const items = await upstream.collect("custom_audiences.targeted.list", {
            account_id: accountId,
            custom_audience_id: id,
            with_active: withActive,
            count: 1000,
          });
          return items.map((item): TargetedEntryShape => ({ ...item, account_id: accountId }));
        });
        targeted.set(withActive, loader);
      }
      return loader;
    },
    doNotReachList,
  };
}
