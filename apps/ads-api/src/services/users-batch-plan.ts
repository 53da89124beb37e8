import { audienceIdentifierKind } from "@adsgraph/models";

/**
 * One operation of a users batch as the catalog validated it (spec §4.8): every identifier a
 * SHA-256 digest (a partner_user_id in clear), one value or a list per kind.
 */
export interface UsersOperation {
  readonly operation_type: "Update" | "Delete";
  readonly params: {
    readonly effective_at?: string | undefined;
    readonly expires_at?: string | undefined;
    readonly users: readonly Readonly<Record<string, unknown>>[];
  };
}

/** One stored identifier of a user: its kind and its digest (or clear partner id). */
export interface MemberKey {
  readonly kind: string;
  readonly value: string;
}

export interface MemberUpdate extends MemberKey {
  /** Wire timestamps of the member's last Update (null when that Update gave none). */
  readonly effectiveAt: string | null;
  readonly expiresAt: string | null;
}

/**
 * What applying a batch's operations one after the other comes to, as two set writes: remove
 * `removals`, then add or update `updates`. A member the batch deletes and adds again is in
 * both, so it is added anew (its added_at restarts) as the sequence would have it.
 */
export interface UsersBatchPlan {
  /** Users sent, summed over the operations: what success_count and total_count answer. */
  readonly users: number;
  readonly removals: readonly MemberKey[];
  readonly updates: readonly MemberUpdate[];
}

interface LastWrite extends MemberKey {
  /** The member's last Update, or null when its last operation is a Delete. */
  readonly update: {
    readonly effectiveAt: string | null;
    readonly expiresAt: string | null;
  } | null;
  /** A Delete of it came earlier in this batch. */
  readonly removed: boolean;
}

/**
 * Plans a users batch in input order (spec §7: batches keep input order): only the last
 * operation on a member decides what it becomes, so a batch of any size is two statements
 * whose work is linear in the identifiers sent.
 */
export function planUsersBatch(operations: readonly UsersOperation[]): UsersBatchPlan {
  const last = new Map<string, LastWrite>();
  let users = 0;
  for (const { operation_type: type, params } of operations) {
    users += params.users.length;
    const update =
      type === "Update"
        ? { effectiveAt: params.effective_at ?? null, expiresAt: params.expires_at ?? null }
        : null;
    for (const user of params.users) {
      for (const [name, given] of Object.entries(user)) {
        const kind = audienceIdentifierKind(name); // a vendor alias is the member of its kind
        const values: unknown[] = Array.isArray(given) ? given : [given];
        for (const value of values) {
          if (typeof value !== "string") continue; // never: the catalog refused it
          const key = `${kind}\u0000${value}`;
          const removed = update === null || last.get(key)?.removed === true;
          last.set(key, { kind, value, update, removed });
        }
      }
    }
  }
  const removals: MemberKey[] = [];
  const updates: MemberUpdate[] = [];
  for (const { kind, value, update, removed } of last.values()) {
    if (removed) removals.push({ kind, value });
    if (update !== null) updates.push({ kind, value, ...update });
  }
  return { users, removals, updates };
}
