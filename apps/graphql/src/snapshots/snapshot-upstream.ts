import { createHash } from "node:crypto";
import { getEndpoint } from "@adsgraph/models";
import {
  answerWith,
  RestApiError,
  RestNetworkError,
  RestRateLimitError,
} from "@adsgraph/rest-client";
import type { Middleware, RestClient, RestResponse } from "@adsgraph/rest-client";
import type { AccountAccess } from "../access/account-access.js";
import type { ResponseCache } from "../response-cache/response-cache.js";
import type { ResponseRecorder } from "../response-cache/response-recorder.js";
import { askAccountAccess } from "../access/ask-upstream.js";
import type { CacheMarks } from "./cache-report.js";
import { canonicalJson, type JsonObject, type JsonValue } from "./content-hash.js";
import {
  carriesLiveCounts,
  entityTypeOf,
  isAnalyticsEndpoint,
  isReadingPost,
  isReferenceEndpoint,
  keepsHistory,
  writeScopeOf,
  type FreshnessPolicy,
} from "./freshness.js";
import type { SnapshotInput, SnapshotRepository, SnapshotVersion } from "./snapshot-repository.js";
import type { SnapshotWriter } from "./snapshot-writer.js";

/**
 * Process-wide: when each account (or other write scope) last saw a write through the facade,
 * here or, in the shared mode, through another replica (`shared-account-writes.ts`).
 */
export type AccountWrites = Map<string, number>;

/**
 * How a read through the snapshot layer was answered: by a fresh snapshot (no upstream
 * request), by the last snapshot because upstream failed (stale), or by upstream (miss).
 */
export type SnapshotAnswer = "fresh" | "stale" | "miss";

/** One write through the facade, as told to the other replicas. */
export interface AccountWrite {
  /** The write scope it marked (`writeScopeOf`), or null. */
  scope: string | null;
  /** Who wrote: their stored answers go everywhere. */
  userId: string | null;
}

export interface SnapshotUpstreamOptions {
  repository: SnapshotRepository;
  writer: SnapshotWriter;
  access: AccountAccess;
  policy: FreshnessPolicy;
  accountWrites: AccountWrites;
  /**
   * Shared mode: tells the other replicas of a write before the write is answered, so none
   * serves a snapshot or stored answer from before it. Never rejects.
   */
  announceWrite?: ((write: AccountWrite) => Promise<void>) | undefined;
  /** False: reads are not recorded (SNAPSHOT_WRITES=false). */
  recordReads?: boolean;
  /** Process-wide: the digest of each call's last recorded answer (skips unchanged ones). */
  recentDigests?: Map<string, string>;
  marks: CacheMarks;
  /** The caller; null without a session (then only public reference data is served). */
  userId: string | null;
  /** The request's client below the snapshots, to ask whether the caller may see an account. */
  upstream: RestClient;
  /** This request's record of what its answer rests on (the response cache). */
  recorder?: ResponseRecorder;
  /** Told of new upstream answers and of writes, so stored answers built on older ones go. */
  responseCache?: Pick<ResponseCache, "snapshotAnswered" | "forgetUser"> &
    Partial<Pick<ResponseCache, "stats">>;
  /** Told how each read was answered (metrics). */
  onAnswer?: ((result: SnapshotAnswer) => void) | undefined;
  now?: () => number;
}

/** Upstream failures that a snapshot may answer for: network, timeout, 5xx, 429 past the wait. */
export function isOutage(error: unknown): boolean {
  return (
    error instanceof RestNetworkError ||
    error instanceof RestRateLimitError ||
    (error instanceof RestApiError && error.status >= 500)
  );
}

const QUERY_PREFIX = "query:";
const MAX_RECENT_DIGESTS = 50_000;

/**
 * Snapshots around each upstream call of a request (a middleware): every read's answer is
 * stored (as one "query" snapshot for the call, and one entity snapshot per resource, so
 * history accrues), a fresh snapshot answers without an upstream call, and during an outage the
 * last snapshot answers, marked stale. A write marks its account written (no fresh answer from
 * before it) and records the resource it answers.
 *
 * Isolation: a snapshot of an account is served only when `access` says the caller may see that
 * account now (asked upstream at most once per ACCESS_CHECK_TTL_SECONDS). Reference data belongs
 * to no account and is served to any signed-in caller; nothing is served without a session.
 */
export function snapshotMiddleware(options: SnapshotUpstreamOptions): Middleware {
  const { repository, writer, access, policy, accountWrites, marks, userId, upstream, recorder } =
    options;
  const recentDigests = options.recentDigests ?? new Map<string, string>();
  const rememberDigest = (key: string, digest: string) => {
    recentDigests.delete(key);
    if (recentDigests.size >= MAX_RECENT_DIGESTS) {
      const oldest = recentDigests.keys().next();
      if (!oldest.done) recentDigests.delete(oldest.value);
    }
    recentDigests.set(key, digest);
  };
  const now = options.now ?? Date.now;
  const answered = options.onAnswer ?? (() => undefined);

  const mayServe = async (accountId: string | null): Promise<boolean> => {
    // Upstream answers nothing without a session, so no snapshot does either.
    if (userId === null) return false;
    if (accountId === null) return true;
    return access
      .canAccess(userId, accountId, () => askAccountAccess(upstream, accountId))
      .catch(() => false); // cannot tell (upstream down, no recent answer): never serve
  };

  /** The answer of a snapshot: its resources marked as such (`extensions.cache`). */
  const answerFrom = (snapshot: SnapshotVersion, stale: boolean): RestResponse<unknown> => {
    const body = snapshot.body.value;
    const mark = { stale, snapshotAt: snapshot.checkedAt };
    for (const item of resourcesOf(body)) {
      if (typeof item === "object" && item !== null) marks.mark(item, mark);
    }
    return answerWith(body);
  };

  const entitySnapshots = (endpointId: string, params: unknown, value: unknown, at: Date) => {
    const type = entityTypeOf(endpointId);
    const paramAccount = accountOf(params);
    return (Array.isArray(value) ? value : [value]).flatMap((item): SnapshotInput[] => {
      if (typeof item !== "object" || item === null) return [];
      const body = item as JsonObject;
      const id =
        typeof body.id === "string"
          ? body.id
          : typeof body.media_key === "string"
            ? body.media_key
            : null;
      if (id === null) return [];
      const accountId =
        type === "account"
          ? id
          : typeof body.account_id === "string"
            ? body.account_id
            : paramAccount;
      return [{ resourceType: type, resourceId: id, accountId, body, fetchedAt: at }];
    });
  };

  async function read(
    endpointId: string,
    params: Readonly<Record<string, unknown>>,
    fetch: () => Promise<RestResponse<unknown>>,
  ): Promise<RestResponse<unknown>> {
    const accountId = accountOf(params);
    // A call that names no account and is not reference data answers the caller's own view
    // (the accounts list): its snapshot is keyed by the caller, so only they are ever served it.
    const personal = accountId === null && !isReferenceEndpoint(endpointId);
    const resourceType = `${QUERY_PREFIX}${endpointId}`;
    // The snapshot's key (a SHA-256 of the parameters), built only when a snapshot is read or
    // written, or a stored answer may rest on it: with snapshots off, a read never needs it.
    let key: { resourceId: string; snapshotKey: string } | undefined;
    const keyOf = () => {
      if (key === undefined) {
        const resourceId = createHash("sha256")
          .update(canonicalJson({ params: keyParams(params), ...(personal && { user: userId }) }))
          .digest("hex");
        key = { resourceId, snapshotKey: `${resourceType}\u0000${resourceId}` };
      }
      return key;
    };
    const lastSnapshot = async () => {
      const { resourceId } = keyOf();
      return (await repository.latest(resourceType, [resourceId])).get(resourceId);
    };

    const freshFor = policy.freshForMs(endpointId, params);
    const scope = writeScopeOf(endpointId, accountId);
    if (freshFor > 0) {
      const snapshot = await lastSnapshot();
      const writtenAt = scope === null ? undefined : accountWrites.get(scope);
      const checkedAt = snapshot?.checkedAt.getTime() ?? 0;
      if (
        snapshot &&
        now() - checkedAt < freshFor &&
        (writtenAt === undefined || writtenAt < checkedAt) &&
        (await mayServe(accountId))
      ) {
        recorder?.usedFresh(keyOf().snapshotKey, accountId, checkedAt, checkedAt + freshFor, scope);
        answered("fresh");
        return answerFrom(snapshot, false);
      }
    }
    // Upstream (or, failing it, a stale snapshot) answers: nothing a stored answer may rest on.
    recorder?.uncacheable();

    let answer: RestResponse<unknown>;
    try {
      answer = await fetch();
    } catch (error) {
      const snapshot = isOutage(error) ? await lastSnapshot() : undefined;
      if (snapshot && (await mayServe(accountId))) {
        answered("stale");
        return answerFrom(snapshot, true);
      }
      answered("miss");
      throw error;
    }
    answered("miss");
    const stored = options.responseCache;
    // No stored answer can rest on this snapshot while the cache holds none.
    if (stored !== undefined && (stored.stats?.().entries ?? 1) > 0)
      stored.snapshotAnswered(keyOf().snapshotKey);
    if (accountId !== null && userId !== null) access.remember(userId, accountId, true);
    if (options.recordReads === false) return answer;
    // Live counts change with every read: a version per read, and never a fresh answer. Such
    // answers are not recorded (so no stale answer serves them in an outage either).
    if (carriesLiveCounts(endpointId, params)) return answer;
    const value = answer.body;
    const at = new Date(now());
    // The response path keeps only a reference: serialising, hashing and building the entity
    // snapshots run in the writer's drain. Safe because nothing (loaders, resolvers, marks)
    // mutates an upstream answer; they copy (`shapeOf`) or mark it in a WeakMap.
    const { resourceId } = keyOf();
    writer.enqueue(() =>
      recordAnswer(resourceType, resourceId, accountId, endpointId, params, value, at),
    );
    return answer;
  }

  /** What one answer records (in the drain): a touch when unchanged, else versions. */
  function recordAnswer(
    resourceType: string,
    resourceId: string,
    accountId: string | null,
    endpointId: string,
    params: unknown,
    value: unknown,
    at: Date,
  ): SnapshotInput[] {
    // One serialisation; its digest tells whether this call's answer changed since this
    // process last recorded it.
    const text = JSON.stringify({ value });
    const digest = createHash("sha256").update(text).digest("hex");
    const queryKey = `${resourceType}\u0000${resourceId}`;
    if (recentDigests.get(queryKey) === digest) {
      // Unchanged: confirm the stored version, nothing to parse or version again.
      return [
        {
          resourceType,
          resourceId,
          accountId,
          body: {},
          contentHash: digest,
          touchOnly: true,
          fetchedAt: at,
          // Another replica recorded other content since: record this answer whole next time.
          touchMissed: () => {
            if (recentDigests.get(queryKey) === digest) recentDigests.delete(queryKey);
          },
        },
      ];
    }
    rememberDigest(queryKey, digest);
    const stored = JSON.parse(text) as JsonObject;
    return [
      { resourceType, resourceId, accountId, body: stored, contentHash: digest, fetchedAt: at },
      ...(keepsHistory(endpointId)
        ? entitySnapshots(endpointId, params, dataOf(stored.value), at)
        : []),
    ];
  }

  async function write(
    endpointId: string,
    params: Readonly<Record<string, unknown>>,
    send: () => Promise<RestResponse<unknown>>,
  ): Promise<RestResponse<unknown>> {
    recorder?.uncacheable();
    // Whatever the write touched (an account-less one too), the writer's stored answers go,
    // before and after it (one of theirs may have been stored while it was in flight).
    const dropStored = () => {
      if (userId !== null) options.responseCache?.forgetUser(userId);
    };
    dropStored();
    const answer = await send().finally(dropStored);
    const accountId = accountOf(params);
    const scope = writeScopeOf(endpointId, accountId);
    if (scope !== null) accountWrites.set(scope, now());
    if (accountId !== null && userId !== null) access.remember(userId, accountId, true);
    await options.announceWrite?.({ scope, userId });
    const data = dataOf(answer.body);
    if (data !== undefined && keepsHistory(endpointId)) {
      const at = new Date(now());
      writer.enqueue(() => {
        const stored = JSON.parse(JSON.stringify({ data })) as { data: JsonValue };
        return entitySnapshots(endpointId, params, stored.data, at);
      });
    }
    return answer;
  }

  return (ctx, next) => {
    // Metrics have snapshots of their own (stats-snapshots.ts), per entity; a job is no write.
    if (isAnalyticsEndpoint(ctx.endpointId)) {
      recorder?.uncacheable();
      return next();
    }
    const endpoint = getEndpoint(ctx.endpointId);
    if (endpoint.method !== "GET" && !isReadingPost(ctx.endpointId)) {
      return write(ctx.endpointId, ctx.params, next);
    }
    // Only JSON answers are snapshots (no streams, browser pages or form answers).
    const kind = endpoint.response.kind;
    if (kind === "stream" || kind === "html" || kind === "form") {
      recorder?.uncacheable();
      return next();
    }
    return read(ctx.endpointId, ctx.params, next);
  };
}

/** The resources of an answer: its `data` items, or its one `data` resource. */
function resourcesOf(envelope: unknown): unknown[] {
  const data = dataOf(envelope);
  if (data === undefined) return [];
  return Array.isArray(data) ? data : [data];
}

function dataOf(envelope: unknown): unknown {
  return typeof envelope === "object" && envelope !== null && "data" in envelope
    ? envelope.data
    : undefined;
}

/** Id-list parameters (lookups and filters): their order says nothing of the answer. */
const ID_LIST = /(^|_)(ids|uris)$|^card_id$/;

/**
 * The parameters as a snapshot key: id lists are sorted, so one set of ids asked in any order
 * shares a snapshot (the order of other lists, such as sort_by, is kept).
 */
function keyParams(params: Readonly<Record<string, unknown>>): JsonValue {
  const key: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    key[name] =
      Array.isArray(value) && ID_LIST.test(name) ? value.map(String).sort() : toJson(value);
  }
  return key;
}

/** A parameter value as JSON, without serialising it (keys are built on the response path). */
function toJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, toJson(item)]));
  // Validated parameters hold nothing else (no functions, symbols or bigints).
  return null;
}

function accountOf(params: unknown): string | null {
  const value = (params as { account_id?: unknown } | null)?.account_id;
  return typeof value === "string" ? value : null;
}
