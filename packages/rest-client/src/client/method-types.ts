import type { Catalog, EndpointId } from "@adsgraph/models";
import type { BatchOutcome } from "./batch.js";
import type { CallResult, ParamsOf, ResultOf } from "../core/call-types.js";
import type { CallOptions } from "../core/config.js";
import type { ManyResult } from "./id-batching.js";
import type { CollectOptions, Page } from "./paging.js";

type DataOf<R> = R extends { data?: infer D } ? D : never;
/**
 * One item of a list or collection answer. `data` may be optional: the post-data lookup (spec
 * §4.9) leaves it out when no id named a readable post.
 */
export type ItemOf<Id extends EndpointId> =
  NonNullable<DataOf<ResultOf<Id>>> extends ReadonlyArray<infer T> ? T : never;

/** Parameter names an endpoint declares (without the index signature of open-parameter endpoints). */
export type KnownParam<Id extends EndpointId> = keyof {
  [K in keyof ParamsOf<Id> as string extends K ? never : number extends K ? never : K]: unknown;
};

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` is exactly "every key optional"
type Args<P, O> = {} extends P ? [params?: P, options?: O] : [params: P, options?: O];

/** List endpoints that page with a cursor. */
export type PageableId = {
  [Id in EndpointId]: ResultOf<Id> extends { next_cursor: string | null }
    ? "cursor" extends KnownParam<Id>
      ? Id
      : never
    : never;
}[EndpointId];

/** List endpoints that take with_total_count. */
export type TotalCountId = {
  [Id in EndpointId]: ResultOf<Id> extends { next_cursor: string | null }
    ? "with_total_count" extends KnownParam<Id>
      ? Id
      : never
    : never;
}[EndpointId];

/** Batch endpoints: a JSON array of operations as the body. */
export type BatchId = {
  [Id in EndpointId]: "operations" extends KnownParam<Id> ? Id : never;
}[EndpointId];

/** `cards.poll.list` → `cards.poll`. */
export type Namespace<Id extends string> = Id extends `${infer H}.${infer T}`
  ? T extends `${string}.${string}`
    ? `${H}.${Namespace<T>}`
    : H
  : never;

/** The id-list parameters of an endpoint that look items up by id (the catalog's `lookups`). */
export type LookupParam<Id extends EndpointId> = Catalog[Id]["lookups"][number]["param"];

export type LookupId = {
  [Id in EndpointId]: [LookupParam<Id>] extends [never] ? never : Id;
}[EndpointId];

/** The list endpoint's parameters without its lookup list and cursor, plus the ids to look up. */
export type GetManyParams<Id extends EndpointId> = Omit<
  ParamsOf<Id>,
  LookupParam<Id> | "cursor" | "with_total_count"
> & { readonly ids: readonly string[] };

/** The id-list parameters of an endpoint: its lookups and its filters by other ids (`funding_instrument_ids`). */
export type IdListParam<Id extends EndpointId> =
  Extract<KnownParam<Id>, `${string}_ids`> | LookupParam<Id>;

/** A list's parameters without the id list and the cursor, plus the ids to read. */
export type CollectManyParams<Id extends EndpointId, P extends IdListParam<Id>> = Omit<
  ParamsOf<Id>,
  P | "cursor" | "with_total_count"
> & { readonly ids: readonly string[] };

export interface CollectManyOptions<
  Id extends EndpointId,
  P extends IdListParam<Id>,
> extends CallOptions {
  /** The id-list parameter the ids go in (≤ its catalog maximum per request, `idsPerRequest`). */
  readonly by: P;
  /** Parallel requests (default: the client's `concurrency`, 4). */
  readonly concurrency?: number | undefined;
}

export interface GetManyOptions<Id extends EndpointId> extends CallOptions {
  /** Which id list to look up by, when the endpoint has several (cards: card_id or card_uris). */
  readonly by?: LookupParam<Id> | undefined;
  /** Parallel requests (default: the client's `concurrency`, 4). */
  readonly concurrency?: number | undefined;
}

export interface BatchOptions extends CallOptions {
  /** Operations per request; defaults to the spec's limit for the endpoint (§8), else unlimited. */
  readonly maxOperations?: number | undefined;
  /** Bytes of JSON body per request; defaults to the spec's limit (§8). */
  readonly maxBytes?: number | undefined;
  /** Stop sending further chunks after one fails (default true). */
  readonly stopOnError?: boolean | undefined;
  /** Users batches: retries of a chunk whose counts differ from what was sent (default 2). */
  readonly countRetries?: number | undefined;
}

type PageHelpers<Id extends EndpointId> = Id extends PageableId
  ? {
      /** Every page, each sent with every parameter given; resume with `{ cursor }`. */
      pages(
        ...args: Args<ParamsOf<Id>, CallOptions>
      ): AsyncIterable<Page<ItemOf<Id>, ResultOf<Id>>>;
      /** Every item of every page. */
      items(...args: Args<ParamsOf<Id>, CallOptions>): AsyncIterable<ItemOf<Id>>;
      /** Every item, or the first `limit`. */
      collect(...args: Args<ParamsOf<Id>, CallOptions & CollectOptions>): Promise<ItemOf<Id>[]>;
    }
  : unknown;

type TotalHelpers<Id extends EndpointId> = Id extends TotalCountId
  ? {
      /** `total_count` of the list (one request with with_total_count=true and no cursor). */
      totalCount(
        ...args: Args<Omit<ParamsOf<Id>, "cursor" | "with_total_count">, CallOptions>
      ): Promise<number>;
    }
  : unknown;

type BatchHelpers<Id extends EndpointId> = Id extends BatchId
  ? {
      /** Splits `operations` to the endpoint's limits, in order, mapping item errors to your indexes. */
      chunked(
        params: ParamsOf<Id>,
        options?: BatchOptions,
      ): Promise<BatchOutcome<ItemOf<Id>, ResultOf<Id>>>;
    }
  : unknown;

/** A catalog endpoint as a method, with the helpers its kind allows. */
export type EndpointMethod<Id extends EndpointId> = ((
  ...args: Args<ParamsOf<Id>, CallOptions>
) => Promise<CallResult<Id>>) &
  PageHelpers<Id> &
  TotalHelpers<Id> &
  BatchHelpers<Id>;

type LookupAt<P extends string> = {
  [Id in LookupId]: Namespace<Id> extends P ? (P extends Namespace<Id> ? Id : never) : never;
}[LookupId];

type LookupHelpers<P extends string> = [LookupAt<P>] extends [never]
  ? unknown
  : {
      /** Looks up many ids through `<namespace>.list`: ≤ the list's maximum per request, input order, missing ids reported. */
      getMany(
        params: GetManyParams<LookupAt<P>>,
        options?: GetManyOptions<LookupAt<P>>,
      ): Promise<ManyResult<ItemOf<LookupAt<P>>>>;
    };

type Head<S extends string> = S extends `${infer H}.${string}` ? H : S;
type ChildKeys<P extends string> = EndpointId extends infer Id
  ? Id extends `${P}.${infer Rest}`
    ? Head<Rest>
    : never
  : never;

type NodeAt<P extends string> = (P extends EndpointId ? EndpointMethod<P> : unknown) &
  ([ChildKeys<P>] extends [never]
    ? unknown
    : { readonly [K in ChildKeys<P>]: NodeAt<`${P}.${K}`> }) &
  LookupHelpers<P>;

/** The method tree: one node per word of the catalog ids (`client.cards.poll.create`). */
export type ResourceTree = { readonly [K in Head<EndpointId>]: NodeAt<K> };

export type { Args as CallArgs };
