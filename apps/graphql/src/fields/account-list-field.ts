import type { FieldRef, ObjectFieldBuilder, ObjectRef } from "@pothos/core";
import type { Types } from "../builder.js";
import { resourceOfList } from "@adsgraph/models";
import type { RESOURCES } from "@adsgraph/models";
import { readIdOfList } from "../loaders/resource-reads.js";
import type { ReadIdOf, ShapeOf } from "../loaders/resource-reads.js";
import type { AccountShape } from "../loaders/shapes.js";
import { connectionComplexity, FORWARD_ONLY, resolveAccountList } from "./connections.js";
import type { ConnectionResult, NodePrefetch } from "./connections.js";
import { countsTotal, listArgs } from "./list-args.js";
import type { ListArgsOptions } from "./list-args.js";
import { fetchedBy } from "../cost/fetch-rule.js";
import { PROVES_ACCOUNT_ACCESS, startedOr } from "../access/account-read-skip.js";
import type { PageRule } from "../cost/fetch-rule.js";

/** The account lists of the resources the loaders read by id: `campaigns.list`, ... */
export type AccountListId = (typeof RESOURCES)[number]["list"];

export interface AccountListOptions<Id extends AccountListId> extends Omit<
  ListArgsOptions<Id>,
  "ids" | "sort"
> {
  /** The connection type of the list's items (`connectionType(...)`). */
  readonly type: ObjectRef<Types, ConnectionResult<ShapeOf<ReadIdOf<Id>>>>;
  readonly description: string;
  /** The `<sort>Sort` input's name; default the connection's, e.g. `Campaign`. */
  readonly sort?: string;
  /** A field of the nodes read for the whole page when selected (`AccountList.prefetch`). */
  readonly prefetch?: NodePrefetch<ShapeOf<ReadIdOf<Id>>>;
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
): FieldRef<Types, ConnectionResult<ShapeOf<ReadIdOf<Id>>> | null | undefined, "Object"> {
  const readId = readIdOfList(id);
  const { args, maxCount, wireFilters } = listArgs(t.arg, id, {
    ...argOptions,
    ids: resourceOfList(id).lookup,
    sort: sort ?? type.name.replace(/Connection$/, ""),
  });
  // How the field is fetched, for the resolver below and the query planner alike (issue 35).
  const rule: PageRule = {
    kind: "page",
    list: id,
    maxCount,
    counts: countsTotal(id),
    primes: readId,
    owner: "account",
  };
  const fetched = fetchedBy(rule);
  return t.field({
    // A page read upstream proves the caller may see the account (access/account-read-skip.ts).
    extensions: { ...fetched.extensions, [PROVES_ACCOUNT_ACCESS]: true },
    type,
    nullable: true,
    description: `${description} ${FORWARD_ONLY}`,
    complexity: connectionComplexity,
    args,
    resolve: (account, values, { loaders }, info) =>
      // Query.account may have read this page already (account-read-skip.ts).
      startedOr(account, info, () =>
        resolveAccountList(info, values, {
          loaders,
          id: readId,
          accountId: account.id,
          // The catalog's own parameters under its wire names, of the forms their schemas
          // take; rest-client validates them against the same schemas before sending.
          filters: wireFilters(values, account.id),
          maxCount: rule.maxCount,
          counts: rule.counts,
          ...(prefetch !== undefined && { prefetch }),
        }),
      ),
  });
}
