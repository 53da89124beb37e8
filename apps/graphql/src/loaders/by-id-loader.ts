import type { Context } from "@opentelemetry/api";
import DataLoader from "dataloader";
import { NotFoundError } from "../errors/facade-errors.js";
import { tracedBatch } from "../tracing/loader-span.js";
import { entityKey, groupByAccount, parseEntityKey } from "./keys.js";
import type { EntityKey } from "./keys.js";

/** What resolvers use to read by id: a per-request DataLoader, or (loaders off) direct reads. */
export interface ByIdLoader<K, V> {
  load(key: K): Promise<V>;
  /** One entry per key: the value, or the Error of that key alone. */
  loadMany(keys: readonly K[]): Promise<(V | Error)[]>;
  /** Remembers a value read elsewhere (a list page), so asking for it costs nothing. */
  prime(key: K, value: V): void;
  /**
   * The value `load(key)` would give, when this request has read it already: resolvers then
   * answer it without a promise. Undefined when not read (yet) or failed: ask `load`.
   */
  peek?(key: K): V | undefined;
  /** Forgets what this request read for `key` (a write changed it); loaders without a cache have nothing to forget. */
  clear?(key: K): unknown;
}

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

/**
 * A loader with no batching, cache or priming: every load is its own upstream request, as a
 * resolver without loaders would make (the benchmark's naive baseline).
 */
export function directLoader<K, V>(fetchOne: (key: K) => Promise<V>): ByIdLoader<K, V> {
  return {
    load: fetchOne,
    loadMany: (keys) => Promise.all(keys.map((key) => fetchOne(key).catch(asError))),
    prime: () => undefined,
  };
}

/**
 * A per-request DataLoader whose batch function reads each key on its own (no batch endpoint).
 * `name` names its batches in traces, children of `traceParent` (the operation's, if traced).
 */
export function perKeyLoader<K, V>(
  fetchOne: (key: K) => Promise<V>,
  name: string,
  traceParent: Context | undefined,
): ByIdLoader<K, V> {
  return new DataLoader<K, V>(
    tracedBatch(
      name,
      (keys: readonly K[]) => Promise.all(keys.map((key) => fetchOne(key).catch(asError))),
      traceParent,
    ),
  );
}

/**
 * A per-request DataLoader of account-scoped entities. One batch holds every key asked for in
 * the same tick; it is split by account and each account's ids go to `fetchIds` once, which
 * asks upstream with ≤200 ids per request (DataLoader's own `maxBatchSize` is not used: it
 * would cut across accounts and cost extra requests). Ids the answers lack become a
 * NotFoundError of that key only; a failed account fails only its keys. Traced, its batches
 * are children of `traceParent`.
 */
export function accountScopedLoader<V extends { id: string }>(
  what: string,
  fetchIds: (accountId: string, ids: string[]) => Promise<V[]>,
  traceParent: Context | undefined,
): ByIdLoader<EntityKey, V> {
  // What the loader holds already, readable without a promise (`peek`).
  const settled = new Map<EntityKey, V>();
  const batch = async (keys: readonly EntityKey[]) => {
    const found = new Map<EntityKey, V>();
    const failed = new Map<string, Error>();
    await Promise.all(
      [...groupByAccount(keys)].map(async ([accountId, ids]) => {
        try {
          for (const item of await fetchIds(accountId, ids)) {
            found.set(entityKey(accountId, item.id), item);
          }
        } catch (error) {
          failed.set(accountId, asError(error));
        }
      }),
    );
    return keys.map((key) => {
      const parsed = parseEntityKey(key);
      if (parsed === null) return new NotFoundError(`No ${what} has the id ${key}.`);
      const item = found.get(key);
      if (item !== undefined) {
        settled.set(key, item);
        return item;
      }
      return (
        failed.get(parsed.accountId) ??
        new NotFoundError(`No ${what} ${parsed.id} in account ${parsed.accountId}.`)
      );
    });
  };
  const loader = new DataLoader<EntityKey, V>(tracedBatch(what, batch, traceParent));
  // Keys handed to the DataLoader: a primed value answers only keys it has not been asked,
  // as DataLoader's own prime (which keeps a key it holds). Priming leaves the DataLoader
  // alone: a page of 1,000 items primed no promise and no cache entry of its own each.
  const asked = new Set<EntityKey>();
  const primedOnly = (key: EntityKey) => (asked.has(key) ? undefined : settled.get(key));
  return {
    load: (key) => {
      const primed = primedOnly(key);
      if (primed !== undefined) return Promise.resolve(primed);
      asked.add(key);
      return loader.load(key);
    },
    loadMany: async (keys) => {
      const primed = keys.map(primedOnly);
      const rest = keys.filter((_key, i) => primed[i] === undefined);
      for (const key of rest) asked.add(key);
      if (rest.length === keys.length) return loader.loadMany(keys);
      const read = rest.length === 0 ? [] : await loader.loadMany(rest);
      let next = 0;
      return primed.map(
        (value) => value ?? read[next++] ?? new Error("A loader answered fewer values than asked."),
      );
    },
    prime: (key, value) => {
      // As DataLoader's prime: a value already held is kept.
      if (!settled.has(key)) settled.set(key, value);
    },
    peek: (key) => settled.get(key),
  };
}

/**
 * A per-request DataLoader of one-to-many edges keyed by the parent's entity key: the
 * children of every parent asked for in the same tick are read together per account
 * (`fetchChildren` receives all parent ids of an account) and grouped by `parentOf`.
 * `name` names its batches in traces, children of `traceParent`.
 */
export function childrenLoader<V>(
  fetchChildren: (accountId: string, parentIds: string[]) => Promise<V[]>,
  parentOf: (child: V) => string,
  name: string,
  traceParent: Context | undefined,
): ByIdLoader<EntityKey, V[]> {
  const batch = async (keys: readonly EntityKey[]) => {
    const groups = new Map<EntityKey, V[]>();
    const failed = new Map<string, Error>();
    await Promise.all(
      [...groupByAccount(keys)].map(async ([accountId, ids]) => {
        try {
          for (const child of await fetchChildren(accountId, ids)) {
            const key = entityKey(accountId, parentOf(child));
            const list = groups.get(key);
            if (list === undefined) groups.set(key, [child]);
            else list.push(child);
          }
        } catch (error) {
          failed.set(accountId, asError(error));
        }
      }),
    );
    return keys.map(
      (key) => failed.get(parseEntityKey(key)?.accountId ?? "") ?? groups.get(key) ?? [],
    );
  };
  return new DataLoader<EntityKey, V[]>(tracedBatch(name, batch, traceParent));
}
