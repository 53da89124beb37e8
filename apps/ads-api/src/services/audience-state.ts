import type { CustomAudience as CustomAudienceResource } from "@adsgraph/models";
import type { Db } from "../db/database.js";
import type { CustomAudience, Prisma } from "../generated/prisma/client.js";
import type { Presented } from "./presented.js";

/**
 * Fewer live members than this and `audience_size` is null and the audience is TOO_SMALL
 * (ads-api README, "Where the spec is silent"): a privacy floor, so that no count of a handful
 * of people is ever shown, and the spec's observed reason for an audience too small to target.
 */
export const AUDIENCE_SIZE_FLOOR = 100;

/** An audience is PROCESSING this long after users were last added or removed (service clock). */
export const PROCESSING_MS = 5 * 60_000;

/** spec §2.10 observes CRM and EXCLUDED_CRM; every audience this service holds is a list. */
const TARGETABLE_TYPES = ["CRM", "EXCLUDED_CRM"] as const;

/**
 * The recorded `list_type` values (custom_audiences_all.json: EMAIL, DEVICE_ID, null) by the
 * member kind of the users batch: an audience whose live members are all of one such kind.
 */
const LIST_TYPES: Readonly<Record<string, string>> = { email: "EMAIL", device_id: "DEVICE_ID" };

/** Live members of an audience: effective (or without a start) and not yet expired. */
export function liveMemberWhere(now: Date): Prisma.AudienceMemberWhereInput {
  return {
    AND: [
      { OR: [{ effectiveAt: null }, { effectiveAt: { lte: now } }] },
      { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    ],
  };
}

export interface MemberStats {
  /** Distinct live members (one row per identifier: kind and hash). */
  readonly count: number;
  readonly kinds: ReadonlySet<string>;
}

const NO_MEMBERS: MemberStats = { count: 0, kinds: new Set() };

/** Live member counts of some audiences, by audience id (one grouped query). */
export async function memberStats(
  db: Db,
  audienceIds: readonly string[],
  now: Date,
): Promise<ReadonlyMap<string, MemberStats>> {
  const out = new Map<string, { count: number; kinds: Set<string> }>();
  if (audienceIds.length === 0) return out;
  const groups = await db.audienceMember.groupBy({
    by: ["audienceId", "kind"],
    where: { audienceId: { in: [...new Set(audienceIds)] }, ...liveMemberWhere(now) },
    _count: { _all: true },
  });
  for (const group of groups) {
    const stats = out.get(group.audienceId) ?? { count: 0, kinds: new Set<string>() };
    stats.count += group._count._all;
    stats.kinds.add(group.kind);
    out.set(group.audienceId, stats);
  }
  return out;
}

export function statsOf(stats: ReadonlyMap<string, MemberStats>, id: string): MemberStats {
  return stats.get(id) ?? NO_MEMBERS;
}

/** `audience_size` as answered and sorted by: the count, or null under the floor. */
export function shownSize(count: number): number | null {
  return count >= AUDIENCE_SIZE_FLOOR ? count : null;
}

/** What an audience's members make of it: spec §2.10's fields, and the recorded `list_type`. */
export type DerivedFields = Pick<
  Presented<CustomAudienceResource>,
  "targetable" | "targetable_types" | "reasons_not_targetable" | "audience_size"
> & { list_type: string | null };

/**
 * spec §2.10 targetability, derived (spec §3: "transitions: not shown"; README): PROCESSING
 * within PROCESSING_MS after the last upload, TOO_SMALL under the floor; targetable when
 * neither applies. An audience's size counts its own uploaded members, whatever its type
 * (a flexible audience's segments name app events this service has no data for).
 */
export function derivedFields(
  audience: CustomAudience,
  stats: MemberStats,
  now: Date,
): DerivedFields {
  const reasons: DerivedFields["reasons_not_targetable"] = [];
  if (
    audience.lastUploadAt !== null &&
    now.getTime() - audience.lastUploadAt.getTime() < PROCESSING_MS
  ) {
    reasons.push("PROCESSING");
  }
  if (stats.count < AUDIENCE_SIZE_FLOOR) reasons.push("TOO_SMALL");
  const [onlyKind, ...others] = [...stats.kinds];
  return {
    targetable: reasons.length === 0,
    targetable_types: [...TARGETABLE_TYPES],
    reasons_not_targetable: reasons,
    list_type:
      onlyKind !== undefined && others.length === 0 ? (LIST_TYPES[onlyKind] ?? null) : null,
    audience_size: shownSize(stats.count),
  };
}
