import type { AccountAccess } from "../access/account-access.js";
import { askAccountAccess } from "../access/ask-upstream.js";
import { ForbiddenError, UnauthenticatedError } from "../errors/facade-errors.js";
import type { RestClient } from "@adsgraph/rest-client";
import { changedFields, type JsonObject } from "./content-hash.js";
import type { SnapshotRepository } from "./snapshot-repository.js";

/** One version of a resource as the history connections show it. */
export interface HistoryEntry {
  version: number;
  /** When the facade first read this content. */
  fetchedAt: Date;
  /** The last read that still found it. */
  lastSeenAt: Date;
  /** Top-level fields that differ from the version before (all fields for the first). */
  changedFields: string[];
  body: JsonObject;
}

export type HistoryReader = (
  resourceType: string,
  resourceId: string,
  accountId: string,
) => Promise<HistoryEntry[]>;

/**
 * History from snapshots, newest first, for a caller upstream lets see the account now: the
 * same isolation rule as every other snapshot answer.
 */
export function createHistoryReader({
  repository,
  access,
  upstream,
  userId,
}: {
  repository: SnapshotRepository;
  access: AccountAccess;
  upstream: RestClient;
  userId: string | null;
}): HistoryReader {
  return async (resourceType, resourceId, accountId) => {
    if (userId === null)
      throw new UnauthenticatedError("Sign in first: this request has no session.");
    const allowed = await access.canAccess(userId, accountId, () =>
      askAccountAccess(upstream, accountId),
    );
    if (!allowed) throw new ForbiddenError(`No access to account ${accountId}.`);
    const versions = await repository.history(resourceType, resourceId);
    return versions.map((version, index) => ({
      version: version.version,
      fetchedAt: version.fetchedAt,
      lastSeenAt: version.checkedAt,
      changedFields: changedFields(versions[index + 1]?.body ?? null, version.body),
      body: version.body,
    }));
  };
}
