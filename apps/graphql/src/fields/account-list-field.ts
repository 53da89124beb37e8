import type { FieldRef, ObjectFieldBuilder, ObjectRef } from "@pothos/core";
import type { Types } from "../builder.js";
import { ENTITIES } from "../loaders/entities.js";
import type { EntityKind, EntityShapes } from "../loaders/entities.js";
import type { ListParamsOf } from "../loaders/loaders.js";
import type { AccountShape } from "../loaders/shapes.js";
import { connectionComplexity, resolveAccountList } from "./connections.js";
import type { ConnectionResult, NodePrefetch } from "./connections.js";
import { countsTotal, listArgs } from "./list-args.js";
import type { ListArgsOptions } from "./list-args.js";

/** The account lists the loaders read (ENTITIES), by endpoint id: `campaigns.list`, ... */
export type AccountListId = (typeof ENTITIES)[EntityKind]["list"];

/** The entity kind whose list is `Id`. */
type KindOf<Id extends AccountListId> = {
  [K in EntityKind]: (typeof ENTITIES)[K]["list"] extends Id ? K : never;
}[EntityKind];

function kindOf<Id extends AccountListId>(id: Id): KindOf<Id> {
  const kinds = Object.keys(ENTITIES) as EntityKind[];
  const kind = kinds.find((candidate) => ENTITIES[candidate].list === id);
  if (kind === undefined) throw new Error(`${id} is no account list the loaders read`);
  return kind as KindOf<Id>;
}

export interface AccountListOptions<Id extends AccountListId> extends Omit<
  ListArgsOptions<Id>,
  "ids" | "sort"
> {
  /** The connection type of the list's items (`connectionType(...)`). */
  readonly type: ObjectRef<Types, ConnectionResult<EntityShapes[KindOf<Id>]>>;
  readonly description: string;
  /** The `<sort>Sort` input's name; default the connection's, e.g. `Campaign`. */
  readonly sort?: string;
  /** A field of the nodes read for the whole page when selected (`AccountList.prefetch`). */
  readonly prefetch?: NodePrefetch<EntityShapes[KindOf<Id>]>;
}

/**
 * An account's list as a connection field, from the list's catalog entry: its arguments
 * (`first`/`after` within the list's `count` limit, the filters it takes, `sort` over what it
 * sorts by) and their wire names come from the endpoint's parameters; its id list is `ids`.
 * Pages and totals are read through the per-request loaders (`loaders.page`/`totalCount`).
 *
 *     campaigns: accountListField(t, "campaigns.list", {
 *       type: CampaignConnection,
 *       description: "The account's campaigns, a page at a time.",
 *       describe: { q: "Case-insensitive name prefix." },
 *     }),
 */
export function accountListField<Id extends AccountListId>(
  t: ObjectFieldBuilder<Types, AccountShape>,
  id: Id,
  { type, description, sort, prefetch, ...argOptions }: AccountListOptions<Id>,
): FieldRef<Types, ConnectionResult<EntityShapes[KindOf<Id>]> | null | undefined, "Object"> {
  const kind = kindOf(id);
  const counts = countsTotal(id);
  const { args, maxCount, wireFilters } = listArgs(t.arg, id, {
    ...argOptions,
    ids: ENTITIES[kind].ids,
    sort: sort ?? type.name.replace(/Connection$/, ""),
  });
  return t.field({
    type,
    nullable: true,
    description,
    complexity: connectionComplexity,
    args,
    resolve: (account, values, { loaders }, info) =>
      resolveAccountList(info, values, {
        loaders,
        kind,
        accountId: account.id,
        // The catalog's own parameters under its wire names, of the forms their schemas
        // take; rest-client validates them against the same schemas before sending.
        filters: wireFilters(values) as ListParamsOf<KindOf<Id>>,
        maxCount,
        counts,
        ...(prefetch !== undefined && { prefetch }),
      }),
  });
}
