import { getEndpoint, isEndpointId } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { createBearerTokenCache } from "@adsgraph/oauth";
import type { BearerTokenCache } from "@adsgraph/oauth";
import { createAuthenticator } from "../core/auth.js";
import { bearerTokenSource } from "../core/bearer-source.js";
import type { BatchOutcome } from "./batch.js";
import { sendBatch } from "./batch-send.js";
import { resolveConfig } from "../core/config.js";
import type { Hosts } from "../core/hosts.js";
import type {
  AuthOptions,
  CallOptions,
  ResolvedConfig,
  RestClientOptions,
} from "../core/config.js";
import {
  REST_CLIENT_ERROR_CODES,
  RestClientError,
  RestProtocolError,
  toRestClientError,
} from "../core/errors.js";
import { chunk, getManyByIds, idsPerRequest, mapBounded, uniqueIds } from "./id-batching.js";
import type { ManyResult } from "./id-batching.js";
import type { CallResult, ParamsOf, ResultOf } from "../core/call-types.js";
import type {
  BatchId,
  BatchOptions,
  CallArgs,
  CollectManyOptions,
  CollectManyParams,
  GetManyOptions,
  IdListParam,
  GetManyParams,
  ItemOf,
  LookupId,
  PageableId,
  ResourceTree,
  TotalCountId,
} from "./method-types.js";
import { collect, itemsOf, pageOf, paginate } from "./paging.js";
import type { CollectOptions, Page } from "./paging.js";
import { createRateLimitBook } from "../core/rate-limit.js";
import type { RateLimitStore } from "../core/rate-limit.js";
import { createBudgetBook } from "../budget/budget-windows.js";
import type { BudgetBook } from "../budget/budget-windows.js";
import { planCalls } from "../budget/call-plan.js";
import type { CallPlan, PlanStep } from "../budget/call-plan.js";
import { passedThrough } from "../core/compose.js";
import type { Middleware } from "../core/middleware.js";
import type { RequestContext } from "../core/attempt.js";
import { callEndpoint } from "../core/request.js";
import { checkResponse } from "../core/response.js";
import type { RestResponse } from "../core/response.js";
import { buildResourceTree, RESOURCE_WORDS } from "./resources.js";
import { messageStream } from "./stream.js";
import { createTransport } from "../core/transport.js";

/** The generic, id-keyed API; the method tree binds each endpoint id to these. */
export interface RestClientApi {
  /** Calls any endpoint by catalog id and resolves with its decoded answer. */
  call<Id extends EndpointId>(
    id: Id,
    ...args: CallArgs<ParamsOf<Id>, CallOptions>
  ): Promise<CallResult<Id>>;
  /** Like `call`, with status, every header, request id, rate-limit state and attempts. */
  request<Id extends EndpointId>(
    id: Id,
    ...args: CallArgs<ParamsOf<Id>, CallOptions>
  ): Promise<RestResponse<CallResult<Id>>>;
  /** One page (the first, or the one at `params.cursor`). */
  page<Id extends PageableId>(
    id: Id,
    ...args: CallArgs<ParamsOf<Id>, CallOptions>
  ): Promise<Page<ItemOf<Id>, ResultOf<Id>>>;
  pages<Id extends PageableId>(
    id: Id,
    ...args: CallArgs<ParamsOf<Id>, CallOptions>
  ): AsyncIterable<Page<ItemOf<Id>, ResultOf<Id>>>;
  items<Id extends PageableId>(
    id: Id,
    ...args: CallArgs<ParamsOf<Id>, CallOptions>
  ): AsyncIterable<ItemOf<Id>>;
  collect<Id extends PageableId>(
    id: Id,
    ...args: CallArgs<ParamsOf<Id>, CallOptions & CollectOptions>
  ): Promise<ItemOf<Id>[]>;
  totalCount<Id extends TotalCountId>(
    id: Id,
    ...args: CallArgs<Omit<ParamsOf<Id>, "cursor" | "with_total_count">, CallOptions>
  ): Promise<number>;
  getMany<Id extends LookupId>(
    id: Id,
    params: GetManyParams<Id>,
    options?: GetManyOptions<Id>,
  ): Promise<ManyResult<ItemOf<Id>>>;
  /**
   * Every item of every page of a list read with `ids` in its id-list parameter `by`, at most
   * that list's own maximum per request (200; 100 for the post lookup), distinct ids, bounded
   * concurrency, in the order of the chunks. Unlike `getMany` the items are not matched to the
   * ids: `by` may be a filter by other resources' ids (`funding_instrument_ids` of campaigns).
   */
  collectMany<Id extends PageableId, P extends IdListParam<Id>>(
    id: Id,
    params: CollectManyParams<Id, P>,
    options: CollectManyOptions<Id, P>,
  ): Promise<ItemOf<Id>[]>;
  chunked<Id extends BatchId>(
    id: Id,
    params: ParamsOf<Id>,
    options?: BatchOptions,
  ): Promise<BatchOutcome<ItemOf<Id>, ResultOf<Id>>>;
  /**
   * The same calls with parameters named at run time (from catalog facts: a resource's lookup
   * parameter, a list's filters under their wire names): checked against the entry before
   * sending, as every call is, by the catalog's schema instead of the compiler. Answers keep
   * their types.
   */
  readonly wire: WireApi;
  /** Latest rate-limit state per endpoint and account. */
  readonly rateLimits: RateLimitStore;
  /** The host URLs this client sends to, by role (the configured `hosts` over `LOCAL_HOSTS`). */
  readonly hosts: Hosts;
  /**
   * The rate-limit windows this client knows, per family, user and account, requests in
   * flight already taken off: read, never spent (docs/rest-client.md "Budgets and plans").
   */
  readonly budget: BudgetBook;
  /**
   * The requests a sequence of calls will send per window (exact where sizes are known, else
   * lower and upper bounds), against the known budgets: whether it fits now, or how long until
   * it would. Spends nothing, sends nothing.
   */
  plan(steps: readonly PlanStep[]): CallPlan;
  /**
   * A client with other credentials (e.g. one user's access token) sharing the connection pool,
   * the bearer cache and this client's middleware; it keeps its own rate-limit state (user
   * limits are per token). Its `close()` leaves the shared pool open.
   */
  withAuth(auth: AuthOptions): RestClient;
  /**
   * A client with more middleware, outside this client's own (they see each call first),
   * sharing everything else: pool, credentials, bearer cache and rate-limit state. Cheap
   * enough to build per request over a shared client. Its `close()` leaves the pool open.
   */
  with(extra: { readonly middleware?: readonly Middleware[] }): RestClient;
  /** Closes the keep-alive pool (when the client created it). */
  close(): Promise<void>;
}

export type RestClient = RestClientApi & ResourceTree;

type Params = Record<string, unknown>;
type IdKeyed =
  | "call"
  | "request"
  | "page"
  | "pages"
  | "items"
  | "collect"
  | "totalCount"
  | "getMany"
  | "collectMany"
  | "chunked";
/** Parameters under their wire names, as data. */
export type WireParams = Readonly<Record<string, unknown>>;

/** `RestClient.wire`: calls by id with parameters the compiler does not know by name. */
export interface WireApi {
  call<Id extends EndpointId>(
    id: Id,
    params: WireParams,
    options?: CallOptions,
  ): Promise<CallResult<Id>>;
  page<Id extends PageableId>(
    id: Id,
    params: WireParams,
    options?: CallOptions,
  ): Promise<Page<ItemOf<Id>, ResultOf<Id>>>;
  /** Of a list that may not take `with_total_count`: the catalog refuses it then, unsent. */
  totalCount(id: PageableId, params: WireParams, options?: CallOptions): Promise<number>;
  /** `collectMany` with `ids` read through the id-list parameter `by`. */
  collectMany<Id extends PageableId>(
    id: Id,
    params: WireParams & { readonly ids: readonly string[] },
    options: CallOptions & { readonly by: string; readonly concurrency?: number },
  ): Promise<ItemOf<Id>[]>;
}

type Untyped = (id: string, params?: Params, options?: never) => unknown;
/** The same API before its per-endpoint types are applied. */
type Generic = { [K in IdKeyed]: Untyped } & Omit<RestClientApi, IdKeyed | "wire"> & {
    wire: { [K in keyof WireApi]: Untyped };
  };

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function endpointOf(id: string): AnyEndpoint {
  return getEndpoint(checkedId(id));
}

function checkedId(id: string): EndpointId {
  if (!isEndpointId(id)) {
    throw new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      `no endpoint "${id.slice(0, 80)}" in the catalog`,
    );
  }
  return id;
}

/** Typed client errors as they are; a middleware's own errors unchanged; anything else wrapped. */
function wrap<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    throw passedThrough(error) ? error : toRestClientError(error);
  });
}

interface Shared {
  readonly transport: ReturnType<typeof createTransport>;
  readonly bearer: BearerTokenCache;
}

function build(
  owner: boolean,
  shared: Shared,
  ctx: RequestContext,
  middleware: readonly Middleware[],
): RestClient {
  const { config } = ctx;

  async function requestAny(
    id: string,
    params?: Params,
    options: CallOptions = {},
  ): Promise<RestResponse<unknown>> {
    const endpointId = checkedId(id);
    const endpoint = getEndpoint(endpointId);
    const response = await callEndpoint(ctx, endpointId, params, options, middleware);
    if (response.stream === undefined) return response;
    const site = { endpointId: id, method: endpoint.method, path: endpoint.path };
    const body = messageStream(response.stream, response.close ?? (() => undefined), (line) => {
      let value: unknown;
      try {
        value = JSON.parse(line) as unknown;
      } catch {
        throw new RestProtocolError(site, "streamed a line that is not JSON");
      }
      const checked = config.validateResponse(endpoint.id)
        ? checkResponse(endpoint, value)
        : { ok: true as const, value };
      if (!checked.ok)
        throw new RestProtocolError(
          site,
          `streamed ${checked.problem.replace(/^answered with /, "")}`,
        );
      return checked.value;
    });
    return { ...response, body };
  }

  const callAny = async (id: string, params?: Params, options?: CallOptions) =>
    (await requestAny(id, params, options)).body;

  const pagesAny = (
    id: string,
    params: Params = {},
    options?: CallOptions,
  ): AsyncIterable<Page<unknown>> => ({
    [Symbol.asyncIterator]: () =>
      paginate<unknown>((pageParams) => callAny(id, pageParams, options), params, id)[
        Symbol.asyncIterator
      ](),
  });

  let wire: Generic["wire"] | undefined;
  const budget = createBudgetBook(ctx.rateLimits, config.clock);
  const generic: Generic = {
    call: (id, params, options?: CallOptions) => wrap(() => callAny(id, params, options)),
    request: (id, params, options?: CallOptions) => wrap(() => requestAny(id, params, options)),
    page: (id, params, options?: CallOptions) =>
      wrap(async () => pageOf(await callAny(id, params, options))),
    pages: (id, params, options?: CallOptions) => pagesAny(id, params, options),
    items: (id, params, options?: CallOptions) => ({
      [Symbol.asyncIterator]: () => itemsOf(pagesAny(id, params, options))[Symbol.asyncIterator](),
    }),
    collect: (id, params, options?: CallOptions & CollectOptions) =>
      wrap(() => collect(itemsOf(pagesAny(id, params, options)), options)),
    totalCount: (id, params = {}, options?: CallOptions) =>
      wrap(async () => {
        const endpoint = endpointOf(id);
        const { cursor: _cursor, ...rest } = params;
        const first: Params = { ...rest, with_total_count: true };
        if (endpoint.locations.count !== undefined && first.count === undefined) first.count = 1;
        const body = await callAny(id, first, options);
        const total = (body as { total_count?: unknown }).total_count;
        if (typeof total !== "number") {
          throw new RestProtocolError(
            { endpointId: id, method: endpoint.method, path: endpoint.path },
            "answered without total_count although with_total_count=true",
          );
        }
        return total;
      }),
    collectMany: (id, params = {}, options?: CallOptions & { by?: string; concurrency?: number }) =>
      wrap(async () => {
        const endpoint = endpointOf(id);
        const by = options?.by;
        const { ids, ...rest } = params;
        if (by === undefined || endpoint.locations[by] !== "query" || !isStringList(ids)) {
          throw new RestClientError(
            REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
            `${id}: collectMany needs ids as an array of strings and by naming an id-list parameter`,
            id,
          );
        }
        const parts = chunk(uniqueIds(ids), idsPerRequest(endpoint, by));
        const answers = await mapBounded(
          parts,
          options?.concurrency ?? config.concurrency,
          (part) => {
            const chunkParams: Params = { ...rest, [by]: part };
            if (endpoint.locations.count !== undefined && chunkParams.count === undefined)
              chunkParams.count = part.length;
            return collect(itemsOf(pagesAny(id, chunkParams, options)));
          },
        );
        return answers.flat();
      }),
    getMany: (id, params = {}, options: GetManyOptions<LookupId> = {}) =>
      wrap(async () => {
        const endpoint = endpointOf(id);
        const { lookups } = endpoint;
        const lookup = lookups.find((l) => l.param === options.by) ?? lookups[0];
        if (lookup === undefined) {
          throw new RestClientError(
            REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
            `${id} has no id-list lookup parameter`,
            id,
          );
        }
        const { ids, ...rest } = params as Params & { ids?: unknown };
        if (!Array.isArray(ids)) {
          throw new RestClientError(
            REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
            `${id}: getMany needs ids as an array of strings`,
            id,
          );
        }
        const pageable = endpoint.locations.cursor !== undefined;
        return getManyByIds(
          ids as string[],
          lookup,
          {
            size: idsPerRequest(endpoint, lookup.param),
            concurrency: options.concurrency ?? config.concurrency,
          },
          async (part) => {
            const chunkParams: Params = { ...rest, [lookup.param]: part };
            if (endpoint.locations.count !== undefined && chunkParams.count === undefined)
              chunkParams.count = part.length;
            if (!pageable)
              return ((await callAny(id, chunkParams, options)) as { data?: unknown[] }).data ?? [];
            return collect(itemsOf(pagesAny(id, chunkParams, options)));
          },
        );
      }),
    chunked: (id, params = {}, options: BatchOptions = {}) =>
      wrap(() =>
        sendBatch(endpointOf(id), params, options, config, (chunk, opts) =>
          callAny(id, chunk, opts),
        ),
      ),
    // The generic calls themselves: they never relied on the compiler to name parameters.
    get wire() {
      // Built once per client: generic consumers reach it on every read.
      const { call, page, totalCount, collectMany } = this;
      wire ??= { call, page, totalCount, collectMany };
      return wire;
    },
    budget,
    hosts: config.hosts,
    plan: (steps) => planCalls(steps, budget, config.clock()),
    rateLimits: {
      get: (endpointId, accountId) => ctx.rateLimits.get(endpointId, accountId),
      snapshot: () => ctx.rateLimits.snapshot(),
      clear: () => {
        ctx.rateLimits.clear();
      },
    },
    withAuth: (auth) =>
      build(
        false,
        shared,
        contextFor({ ...config, auth: { ...config.auth, ...auth } }, shared),
        middleware,
      ),
    with: (extra) => build(false, shared, ctx, [...(extra.middleware ?? []), ...middleware]),
    // Only the client that created the pool closes it; derived clients share it.
    close: () => (owner ? shared.transport.close() : Promise.resolve()),
  };
  // The typed namespaces are built on first use: a client derived per GraphQL request (`with`)
  // mostly calls by id, and building every endpoint's method is a fixed cost per client.
  let tree: Record<string, unknown> | undefined;
  for (const word of RESOURCE_WORDS) {
    Object.defineProperty(generic, word, {
      enumerable: true,
      get: () => {
        tree ??= buildResourceTree(generic) as Record<string, unknown>;
        return tree[word];
      },
    });
  }
  return generic as unknown as RestClient;
}

function contextFor(config: ResolvedConfig, shared: Shared): RequestContext {
  return {
    config,
    transport: shared.transport,
    rateLimits: createRateLimitBook(),
    auth: createAuthenticator(config.auth, shared.bearer),
  };
}

/**
 * Creates a client for every endpoint of the catalog. Defaults: the local ads-api hosts, 30 s
 * per-attempt timeout, 3 retries of GETs within 60 s, 15 minutes of rate-limit waiting.
 */
export function createRestClient(
  options: RestClientOptions & {
    /** Layers around every call, outermost first (see `Middleware`). */
    readonly middleware?: readonly Middleware[] | undefined;
  } = {},
): RestClient {
  const config = resolveConfig(options);
  const transport = createTransport(options);
  // The app-only bearer token: oauth's cache over the catalog's `oauth2.token` call through the
  // same pool, with the client's timeout; not a call of the caller's, so no hook reports it.
  const shared: Shared = {
    transport,
    bearer: (options.bearerCache ?? createBearerTokenCache)(bearerTokenSource(transport, config)),
  };
  return build(true, shared, contextFor(config, shared), options.middleware ?? []);
}
