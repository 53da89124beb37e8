import { getEndpoint, isEndpointId } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { createBearerTokenCache } from "@adsgraph/oauth";
import type { BearerTokenCache, FetchLike } from "@adsgraph/oauth";
import { createAuthenticator } from "./auth.js";
import type { BatchOutcome } from "./batch.js";
import { sendBatch } from "./batch-send.js";
import { resolveConfig } from "./config.js";
import type { AuthOptions, CallOptions, ResolvedConfig, RestClientOptions } from "./config.js";
import {
  REST_CLIENT_ERROR_CODES,
  RestClientError,
  RestProtocolError,
  toRestClientError,
} from "./errors.js";
import { getManyByIds, lookupsFor } from "./id-batching.js";
import type { ManyResult } from "./id-batching.js";
import type {
  BatchId,
  BatchOptions,
  CallArgs,
  CallResult,
  GetManyOptions,
  GetManyParams,
  ItemOf,
  LookupId,
  PageableId,
  ParamsOf,
  ResourceTree,
  ResultOf,
  TotalCountId,
} from "./method-types.js";
import { collect, itemsOf, paginate } from "./paging.js";
import type { CollectOptions, Page } from "./paging.js";
import { createRateLimitBook } from "./rate-limit.js";
import type { RateLimitStore } from "./rate-limit.js";
import { request } from "./request.js";
import type { RequestContext, RestResponse } from "./request.js";
import { checkResponse } from "./response.js";
import { buildResourceTree } from "./resources.js";
import type { TreeApi } from "./resources.js";
import { messageStream } from "./stream.js";
import { createTransport } from "./transport.js";

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
  chunked<Id extends BatchId>(
    id: Id,
    params: ParamsOf<Id>,
    options?: BatchOptions,
  ): Promise<BatchOutcome<ItemOf<Id>, ResultOf<Id>>>;
  /** Latest rate-limit state per endpoint and account. */
  readonly rateLimits: RateLimitStore;
  /**
   * A client with other credentials (e.g. one user's access token) sharing the connection pool
   * and the bearer cache; it keeps its own rate-limit state (user limits are per token). Its
   * `close()` leaves the shared pool open.
   */
  withAuth(auth: AuthOptions): RestClient;
  /** Closes the keep-alive pool (when the client created it). */
  close(): Promise<void>;
}

export type RestClient = RestClientApi & ResourceTree;

type Params = Record<string, unknown>;
type IdKeyed =
  "call" | "request" | "pages" | "items" | "collect" | "totalCount" | "getMany" | "chunked";
/** The same API before its per-endpoint types are applied. */
type Generic = { [K in IdKeyed]: (id: string, params?: Params, options?: never) => unknown } & Omit<
  RestClientApi,
  IdKeyed
>;

function endpointOf(id: string): AnyEndpoint {
  if (!isEndpointId(id)) {
    throw new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      `no endpoint "${id.slice(0, 80)}" in the catalog`,
    );
  }
  return getEndpoint(id);
}

function wrap<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    throw toRestClientError(error);
  });
}

function build(
  owner: boolean,
  config: ResolvedConfig,
  shared: { transport: ReturnType<typeof createTransport>; bearer: () => BearerTokenCache },
): RestClient {
  const ctx: RequestContext = {
    config,
    transport: shared.transport,
    rateLimits: createRateLimitBook(config.rateLimit.familyOf),
    auth: createAuthenticator(config.auth, shared.bearer),
  };

  async function requestAny(
    id: string,
    params?: Params,
    options: CallOptions = {},
  ): Promise<RestResponse<unknown>> {
    const endpoint = endpointOf(id);
    const response = await request(ctx, endpoint, params, options);
    if (response.stream === undefined) return response;
    const site = { endpointId: id, method: endpoint.method, path: endpoint.path };
    const body = messageStream(response.stream, response.close ?? (() => undefined), (line) => {
      let value: unknown;
      try {
        value = JSON.parse(line) as unknown;
      } catch {
        throw new RestProtocolError(site, "streamed a line that is not JSON");
      }
      const checked = config.validateResponses
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

  const generic: Generic = {
    call: (id, params, options?: CallOptions) => wrap(() => callAny(id, params, options)),
    request: (id, params, options?: CallOptions) => wrap(() => requestAny(id, params, options)),
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
    getMany: (id, params = {}, options: GetManyOptions<LookupId> = {}) =>
      wrap(async () => {
        const endpoint = endpointOf(id);
        const lookups = lookupsFor(endpoint);
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
          options.concurrency ?? config.concurrency,
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
    rateLimits: {
      get: (endpointId, accountId) => ctx.rateLimits.get(endpointId, accountId),
      snapshot: () => ctx.rateLimits.snapshot(),
      clear: () => {
        ctx.rateLimits.clear();
      },
    },
    withAuth: (auth) => build(false, { ...config, auth: { ...config.auth, ...auth } }, shared),
    // Only the client that created the pool closes it; derived clients share it.
    close: () => (owner ? shared.transport.close() : Promise.resolve()),
  };
  return Object.assign(
    buildResourceTree(generic as unknown as TreeApi),
    generic,
  ) as unknown as RestClient;
}

/**
 * Creates a client for every endpoint of the catalog. Defaults: the local ads-api hosts, 30 s
 * per-attempt timeout, 3 retries of GETs within 60 s, 15 minutes of rate-limit waiting.
 */
export function createRestClient(options: RestClientOptions = {}): RestClient {
  const config = resolveConfig(options);
  const transport = createTransport(options);
  // The bearer cache's own requests go through the same pool, with the client's timeout.
  const fetchLike: FetchLike = async (url, init) => {
    const answer = await transport.send({
      method: init.method,
      url,
      headers: { ...init.headers, "user-agent": config.userAgent },
      body: init.body,
      timeoutMs: config.timeoutMs,
      signal: init.signal,
      mode: "text",
    });
    return {
      status: answer.status,
      headers: answer.headers,
      text: () => Promise.resolve(answer.text),
    };
  };
  let cache: BearerTokenCache | undefined;
  const bearer = () =>
    (cache ??= createBearerTokenCache({ baseUrl: config.hosts.base, fetch: fetchLike }));
  return build(true, config, { transport, bearer });
}
