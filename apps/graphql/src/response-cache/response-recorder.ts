/**
 * What one GraphQL request's answer rests on, for the response cache: each upstream read it
 * made, and whether all of them were answered by a fresh snapshot. Anything else (an upstream
 * request, a stale answer, a write, a database read that is not a snapshot answer) makes the
 * answer uncacheable, because a repeat could not be told apart from it by the cache's checks.
 */
export class ResponseRecorder {
  #uncacheable = false;
  #approved = false;
  #freshReads = 0;
  /** The earliest time at which a snapshot it used stops being fresh. */
  #freshUntil = Infinity;
  /** Per account: the oldest `checkedAt` of the snapshots of it that were used. */
  readonly accounts = new Map<string, number>();
  /** The query snapshots used (`resourceType\0resourceId`), to drop the answer when one changes. */
  readonly snapshots = new Set<string>();
  /**
   * Per write scope that is no account (the post-data API's: `POST_DATA_SCOPE`): the oldest
   * `checkedAt` of its snapshots used; a later write through the scope voids the answer.
   */
  readonly scopes = new Map<string, number>();

  /** A read answered by a snapshot that was fresh until `freshUntil`. */
  usedFresh(
    snapshotKey: string,
    accountId: string | null,
    checkedAt: number,
    freshUntil: number,
    scope: string | null = accountId,
  ): void {
    this.#freshReads += 1;
    this.snapshots.add(snapshotKey);
    this.#freshUntil = Math.min(this.#freshUntil, freshUntil);
    const oldestIn = (map: Map<string, number>, key: string) => {
      const oldest = map.get(key);
      if (oldest === undefined || checkedAt < oldest) map.set(key, checkedAt);
    };
    if (accountId !== null) oldestIn(this.accounts, accountId);
    if (scope !== null && scope !== accountId) oldestIn(this.scopes, scope);
  }

  /** Something the cache cannot vouch for a repeat of. */
  uncacheable(): void {
    this.#uncacheable = true;
  }

  /** The operation ended as a storable answer (a query, status 200, no errors). */
  approve(): void {
    this.#approved = true;
  }

  /** Approved, and every read was a fresh snapshot answer. */
  get storable(): boolean {
    return this.#approved && this.cacheable;
  }

  get freshUntil(): number {
    return this.#freshUntil;
  }

  /** True when at least one read was made and every one was a fresh snapshot answer. */
  get cacheable(): boolean {
    return !this.#uncacheable && this.#freshReads > 0;
  }
}
