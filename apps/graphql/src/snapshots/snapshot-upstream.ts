import { createHash } from "node:crypto";
import { RestApiError, RestNetworkError, RestRateLimitError } from "@adsgraph/rest-client";
import type { AccountAccess } from "../access/account-access.js";
import { askAccountAccess } from "../access/ask-upstream.js";
import type { Upstream } from "../upstream/upstream.js";
import type { CacheMarks } from "./cache-report.js";
import { canonicalJson, type JsonObject, type JsonValue } from "./content-hash.js";
import { entityTypeOf, isReferenceEndpoint, type FreshnessPolicy } from "./freshness.js";
import type { SnapshotInput, SnapshotRepository, SnapshotVersion } from "./snapshot-repository.js";
import type { SnapshotWriter } from "./snapshot-writer.js";

/** Process-wide: when each account last saw a write through the facade. */
export type AccountWrites = Map<string, number>;

export interface SnapshotUpstreamOptions {
  repository: SnapshotRepository;
  writer: SnapshotWriter;
  access: AccountAccess;
  policy: FreshnessPolicy;
  accountWrites: AccountWrites;
  /** False: reads are not recorded (SNAPSHOT_WRITES=false). */
  recordReads?: boolean;
  /** Process-wide: the digest of each call's last recorded answer (skips unchanged ones). */
  recentDigests?: Map<string, string>;
  marks: CacheMarks;
  /** The caller; null without a session (then only public reference data is served). */
  userId: string | null;
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
 * Snapshots around the request's upstream: every answer is stored (as one "query" snapshot for
 * the call, and one entity snapshot per resource, so history accrues), a fresh snapshot answers
 * without an upstream call, and during an outage the last snapshot answers, marked stale.
 *
 * Isolation: a snapshot of an account is served only when `access` says the caller may see that
 * account now (asked upstream at most once per ACCESS_CHECK_TTL_SECONDS). Reference data belongs
 * to no account and is served to any signed-in caller; nothing is served without a session.
 */
export function withSnapshots(inner: Upstream, options: SnapshotUpstreamOptions): Upstream {
  const { repository, writer, access, policy, accountWrites, marks, userId } = options;
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

  const mayServe = async (accountId: string | null): Promise<boolean> => {
    // Upstream answers nothing without a session, so no snapshot does either.
    if (userId === null) return false;
    if (accountId === null) return true;
    return access
      .canAccess(userId, accountId, () => askAccountAccess(inner, accountId))
      .catch(() => false); // cannot tell (upstream down, no recent answer): never serve
  };

  const markValue = <T>(value: T, snapshot: SnapshotVersion, stale: boolean): T => {
    const mark = { stale, snapshotAt: snapshot.checkedAt };
    const markOne = (item: unknown) => {
      if (typeof item === "object" && item !== null) marks.mark(item, mark);
    };
    if (Array.isArray(value)) value.forEach(markOne);
    else if (typeof value === "object" && value !== null && "items" in value) {
      (value as { items: unknown[] }).items.forEach(markOne);
    } else markOne(value);
    return value;
  };

  const entitySnapshots = (endpointId: string, params: unknown, value: unknown, at: Date) => {
    const type = entityTypeOf(endpointId);
    const paramAccount = accountOf(params);
    const items = Array.isArray(value)
      ? value
      : typeof value === "object" && value !== null && "items" in value
        ? (value as { items: unknown[] }).items
        : [value];
    return items.flatMap((item): SnapshotInput[] => {
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

  async function read<T>(
    method: string,
    endpointId: string,
    params: unknown,
    extra: JsonValue,
    fetch: () => Promise<T>,
  ): Promise<T> {
    const accountId = accountOf(params);
    // A call that names no account and is not reference data answers the caller's own view
    // (the accounts list): its snapshot is keyed by the caller, so only they are ever served it.
    const personal = accountId === null && !isReferenceEndpoint(endpointId);
    const resourceType = `${QUERY_PREFIX}${endpointId}`;
    const resourceId = createHash("sha256")
      .update(
        canonicalJson({
          method,
          params: params as JsonValue,
          extra,
          ...(personal && { user: userId }),
        }),
      )
      .digest("hex");
    const lastSnapshot = async () =>
      (await repository.latest(resourceType, [resourceId])).get(resourceId);

    const freshFor = policy.freshForMs(endpointId);
    if (freshFor > 0) {
      const snapshot = await lastSnapshot();
      const writtenAt = accountId === null ? undefined : accountWrites.get(accountId);
      const checkedAt = snapshot?.checkedAt.getTime() ?? 0;
      if (
        snapshot &&
        now() - checkedAt < freshFor &&
        (writtenAt === undefined || writtenAt < checkedAt) &&
        (await mayServe(accountId))
      ) {
        return markValue(snapshot.body.value as T, snapshot, false);
      }
    }

    let value: T;
    try {
      value = await fetch();
    } catch (error) {
      if (!isOutage(error)) throw error;
      const snapshot = await lastSnapshot();
      if (snapshot && (await mayServe(accountId)))
        return markValue(snapshot.body.value as T, snapshot, true);
      throw error;
    }
    if (accountId !== null && userId !== null) access.remember(userId, accountId, true);
    if (options.recordReads === false) return value;
    const at = new Date(now());
    // The response path keeps only a reference: serialising, hashing and building the entity
    // snapshots run in the writer's drain. Safe because nothing (loaders, resolvers, marks)
    // mutates an upstream answer; they copy (`shapeOf`) or mark it in a WeakMap.
    writer.enqueue(() =>
      recordAnswer(resourceType, resourceId, accountId, endpointId, params, value, at),
    );
    return value;
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
        },
      ];
    }
    rememberDigest(queryKey, digest);
    const stored = JSON.parse(text) as JsonObject;
    return [
      { resourceType, resourceId, accountId, body: stored, contentHash: digest, fetchedAt: at },
      ...entitySnapshots(endpointId, params, stored.value, at),
    ];
  }

  return {
    counter: inner.counter,
    page: (id, params) => read("page", id, params, null, () => inner.page(id, params)),
    all: (id, params) => read("all", id, params, null, () => inner.all(id, params)),
    byIdList: (id, param, ids, params) =>
      read("byIdList", id, params, { param, ids: [...new Set(ids)].sort() }, () =>
        inner.byIdList(id, param, ids, params),
      ),
    totalCount: (id, params) =>
      read("totalCount", id, params, null, () => inner.totalCount(id, params)),
    collection: (id, params) =>
      read("collection", id, params, null, () => inner.collection(id, params)),
    get: (id, params) => read("get", id, params, null, () => inner.get(id, params)),
    async write(id, params) {
      const result = await inner.write(id, params);
      const accountId = accountOf(params);
      if (accountId !== null) {
        accountWrites.set(accountId, now());
        if (userId !== null) access.remember(userId, accountId, true);
      }
      const data = (result as { data?: unknown }).data;
      if (data !== undefined) {
        const at = new Date(now());
        writer.enqueue(() => {
          const stored = JSON.parse(JSON.stringify({ data })) as { data: JsonValue };
          return entitySnapshots(id, params, stored.data, at);
        });
      }
      return result;
    },
  };
}

function accountOf(params: unknown): string | null {
  const value = (params as { account_id?: unknown } | null)?.account_id;
  return typeof value === "string" ? value : null;
}
