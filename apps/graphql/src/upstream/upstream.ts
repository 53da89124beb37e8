import { LIMITS, parseParams } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { chunk, mapBounded, uniqueIds } from "@adsgraph/rest-client";
import type {
  CallOptions,
  ItemOf,
  PageableId,
  ParamsOf,
  RestClient,
  ResultOf,
} from "@adsgraph/rest-client";
import { UnauthenticatedError } from "../errors.js";
import { signsAsApp } from "./app-only.js";
import type { RequestCounter } from "./request-counter.js";

/** Endpoints answering a collection (`data: [...]` without paging): reference data. */
export type CollectionId = {
  [Id in EndpointId]: ResultOf<Id> extends { data: readonly unknown[] }
    ? ResultOf<Id> extends { next_cursor: unknown }
      ? never
      : Id
    : never;
}[EndpointId];

/** Endpoints answering one resource (`data: {...}`). */
export type SingleId = {
  [Id in EndpointId]: ResultOf<Id> extends { data: infer D }
    ? D extends readonly unknown[]
      ? never
      : Id
    : never;
}[EndpointId];

export type DataOf<Id extends EndpointId> = ResultOf<Id> extends { data: infer D } ? D : never;

export interface ListPage<T> {
  readonly items: T[];
  /** The upstream cursor of the next page (opaque, forward-only), or null at the end. */
  readonly nextCursor: string | null;
  /** Only when the page was asked `with_total_count: true` (a first page). */
  readonly totalCount: number | undefined;
}

/**
 * Every upstream read and write of one GraphQL request goes through here (the seam where
 * snapshots and freshness plug in): signed as the request's user (reference data with the app's
 * bearer), counted, and typed by the catalog's endpoint ids.
 */
export interface Upstream {
  /** Upstream requests made so far for this GraphQL request. */
  readonly counter: RequestCounter;
  /** One page of a list endpoint. */
  page<Id extends PageableId>(id: Id, params: ParamsOf<Id>): Promise<ListPage<ItemOf<Id>>>;
  /** Every item of every page of a list endpoint. */
  all<Id extends PageableId>(id: Id, params: ParamsOf<Id>): Promise<ItemOf<Id>[]>;
  /** Items of a list whose id-list parameter `param` names `ids`: ≤200 ids per request, every page. */
  byIdList<Id extends PageableId>(
    id: Id,
    param: string,
    ids: readonly string[],
    params: ParamsOf<Id>,
  ): Promise<ItemOf<Id>[]>;
  /** `total_count` of a list: one request with with_total_count=true, count=1, no cursor. */
  totalCount<Id extends PageableId>(id: Id, params: ParamsOf<Id>): Promise<number>;
  /** The items of a collection endpoint (no paging). */
  collection<Id extends CollectionId>(id: Id, params: ParamsOf<Id>): Promise<ItemOf<Id>[]>;
  /** The resource of a single-read endpoint. */
  get<Id extends SingleId>(id: Id, params: ParamsOf<Id>): Promise<DataOf<Id>>;
  /**
   * A write, checked against the catalog's rules first: invalid parameters throw the models'
   * ValidationError (every violation) and nothing is sent.
   */
  write<Id extends EndpointId>(id: Id, params: ParamsOf<Id>): Promise<ResultOf<Id>>;
}

export interface UpstreamOptions {
  /** The REST client signing as the session's user; null when the request has no session. */
  client: RestClient | null;
  /** The client with the facade's app-only bearer, for calls that need no user (`signsAsApp`). */
  appClient?: RestClient;
  counter: RequestCounter;
  /** Parallel requests of one id lookup (chunks of 200 ids). */
  concurrency?: number;
}

type AnyCall = (id: string, params: unknown, options: CallOptions) => Promise<unknown>;
type AnyPages = (
  id: string,
  params: unknown,
  options: CallOptions,
) => AsyncIterable<{ items: unknown[]; nextCursor: string | null; totalCount: number | undefined }>;

function dataOf(envelope: unknown): unknown {
  return (envelope as { data?: unknown }).data;
}

export function createUpstream({
  client,
  appClient,
  counter,
  concurrency = 8,
}: UpstreamOptions): Upstream {
  const options: CallOptions = { hooks: counter.hooks };
  // Reference data goes out with the app's bearer, but only for a signed-in caller: the facade
  // is no open proxy of its app's rate limits.
  const clientFor = (id: string): RestClient => {
    if (client === null)
      throw new UnauthenticatedError("Sign in first: this request has no session.");
    return appClient !== undefined && signsAsApp(id) ? appClient : client;
  };
  const call: AnyCall = (id, params, callOptions) =>
    (clientFor(id).call as unknown as AnyCall)(id, params, callOptions);
  const pages: AnyPages = (id, params, callOptions) =>
    (clientFor(id).pages as unknown as AnyPages)(id, params, callOptions);

  async function all(id: string, params: unknown): Promise<unknown[]> {
    const items: unknown[] = [];
    for await (const page of pages(id, params, options)) items.push(...page.items);
    return items;
  }

  const upstream: Upstream = {
    counter,
    async page(id, params) {
      const envelope = (await call(id, params, options)) as {
        data: unknown[];
        next_cursor?: string | null;
        total_count?: number;
      };
      return {
        items: envelope.data as never[],
        nextCursor:
          typeof envelope.next_cursor === "string" && envelope.next_cursor !== ""
            ? envelope.next_cursor
            : null,
        totalCount: typeof envelope.total_count === "number" ? envelope.total_count : undefined,
      };
    },
    all: (id, params) => all(id, params) as never,
    async byIdList(id, param, ids, params) {
      const parts = chunk(uniqueIds(ids), LIMITS.idsPerList);
      const answers = await mapBounded(parts, concurrency, (part) =>
        all(id, { ...(params as object), [param]: part }),
      );
      return answers.flat() as never[];
    },
    async totalCount(id, params) {
      const envelope = (await call(
        id,
        { ...(params as object), count: 1, with_total_count: true },
        options,
      )) as { total_count?: unknown };
      return typeof envelope.total_count === "number" ? envelope.total_count : 0;
    },
    collection: async (id, params) => dataOf(await call(id, params, options)) as never,
    get: async (id, params) => dataOf(await call(id, params, options)) as never,
    async write(id, params) {
      // Throws the models' ValidationError before anything is sent.
      parseParams(id, params);
      return (await call(id, params, options)) as never;
    },
  };
  return upstream;
}
