import { MS_PER_HOUR, statsEntrySchema } from "@adsgraph/models";
import type { StatsEntry } from "@adsgraph/models";
import type { AccountAccess } from "../access/account-access.js";
import type { JsonObject } from "./content-hash.js";
import type { AccountWrites } from "./snapshot-upstream.js";
import type { SnapshotRepository } from "./snapshot-repository.js";
import type { SnapshotWriter } from "./snapshot-writer.js";

/** What one stats answer is about, without its ids (the stats loader's batch key). */
export interface StatsQuery {
  readonly accountId: string;
  readonly entity: string;
  /** Epoch ms, whole hours; `end` exclusive. */
  readonly start: number;
  readonly end: number;
  readonly granularity: string;
  readonly placement: string;
  /** Sorted. */
  readonly metricGroups: readonly string[];
}

/** One entity's answer; null when the service answered nothing for it. */
export type StatsValue = StatsEntry | null;

/**
 * The stats snapshots of one request (issue 36): an entity's answer for a range that has
 * ended (every hour of it closed) never changes, so it is kept and never asked again; an
 * answer whose range reaches into the current hour stands in for `freshMs` (unless the
 * account was written through the facade since). Served only to a caller upstream lately
 * said may see the account, as every snapshot.
 */
export interface StatsSnapshots {
  /** The answers held for these ids (ids absent: ask upstream). */
  lookup(query: StatsQuery, ids: readonly string[]): Promise<Map<string, StatsValue>>;
  /** Keeps fresh answers (written behind the response). */
  record(query: StatsQuery, answers: ReadonlyMap<string, StatsValue>): void;
}

export interface StatsSnapshotOptions {
  readonly repository: SnapshotRepository;
  readonly writer: SnapshotWriter;
  readonly access: AccountAccess;
  readonly accountWrites: AccountWrites;
  /** STATS_FRESH_SECONDS × 1000: how long an answer over open hours stands in. */
  readonly freshMs: number;
  /** SNAPSHOT_WRITES: false records nothing. */
  readonly recordReads: boolean;
  /** The caller; null without a session (nothing served). */
  readonly userId: string | null;
  /** Asks upstream whether the caller may see an account (askAccountAccess). */
  readonly askAccess: (accountId: string) => Promise<boolean>;
  readonly now?: () => number;
}

/** STATS_FRESH_SECONDS' default. */
export const DEFAULT_STATS_FRESH_MS = 60_000;
/** The snapshot type of metrics answers (retention reads it too). */
export const STATS_SNAPSHOT_TYPE = "stats";
const RESOURCE_TYPE = STATS_SNAPSHOT_TYPE;

/** Whether every hour of the range has ended by `now` (its numbers can no longer change). */
export function isClosedRange(end: number, now: number): boolean {
  return end <= Math.floor(now / MS_PER_HOUR) * MS_PER_HOUR;
}

/** A snapshot's id: the query and the entity, readable in the table. */
export function statsSnapshotId(query: StatsQuery, id: string): string {
  const range = `${new Date(query.start).toISOString()}..${new Date(query.end).toISOString()}`;
  return [
    query.accountId,
    query.entity,
    id,
    range,
    query.granularity,
    query.placement,
    query.metricGroups.join(","),
  ].join("/");
}

/** A stored entry, read back through the catalog's schema (null: stored as none). */
const entryOf = (body: JsonObject): StatsValue => {
  const parsed = statsEntrySchema.safeParse(body.entry);
  return parsed.success ? parsed.data : null;
};

export function createStatsSnapshots(options: StatsSnapshotOptions): StatsSnapshots {
  const now = options.now ?? Date.now;
  const { repository, writer, access, accountWrites, userId, askAccess } = options;

  const mayServe = async (accountId: string): Promise<boolean> => {
    if (userId === null) return false;
    return access.canAccess(userId, accountId, () => askAccess(accountId)).catch(() => false); // cannot tell: never serve
  };

  return {
    async lookup(query, ids) {
      const found = new Map<string, StatsValue>();
      const closed = isClosedRange(query.end, now());
      if (ids.length === 0 || (!closed && options.freshMs <= 0)) return found;
      const byKey = new Map(ids.map((id) => [statsSnapshotId(query, id), id]));
      let latest;
      try {
        latest = await repository.latest(RESOURCE_TYPE, [...byKey.keys()]);
      } catch {
        return found; // a cache: its failure only costs the upstream requests
      }
      const writtenAt = accountWrites.get(query.accountId);
      for (const [key, snapshot] of latest) {
        const id = byKey.get(key);
        if (id === undefined) continue;
        const checkedAt = snapshot.checkedAt.getTime();
        // A closed range's numbers never change; an open one's only while fresh and unwritten.
        const usable =
          closed ||
          (now() - checkedAt < options.freshMs &&
            (writtenAt === undefined || writtenAt < checkedAt));
        if (usable) found.set(id, entryOf(snapshot.body));
      }
      if (found.size > 0 && !(await mayServe(query.accountId))) return new Map();
      return found;
    },

    record(query, answers) {
      if (!options.recordReads || answers.size === 0) return;
      const at = new Date(now());
      // Stored as JSON (the writer's drain builds them, off the response path).
      writer.enqueue(() =>
        [...answers].map(([id, entry]) => ({
          resourceType: RESOURCE_TYPE,
          resourceId: statsSnapshotId(query, id),
          accountId: query.accountId,
          body: JSON.parse(JSON.stringify({ entry })) as JsonObject,
          fetchedAt: at,
        })),
      );
      if (userId !== null) access.remember(userId, query.accountId, true);
    },
  };
}
