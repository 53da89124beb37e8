import type { CreativeFacts, Span } from "./world.js";

/**
 * The state governing an instant `t`: the last span that began strictly before it. Strictly,
 * because hour h is governed at its end (h + 1 h): a change made exactly on the hour belongs
 * to the next hour. Null before the first span (the entity did not exist yet).
 */
export function stateBefore<S>(spans: readonly Span<S>[], t: number): S | null {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((spans[mid]?.from ?? Infinity) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : (spans[lo - 1]?.state ?? null);
}

/** Spans in time order (the loader sends them so; a copy keeps the caller's array intact). */
export function sortedSpans<S>(spans: readonly Span<S>[]): readonly Span<S>[] {
  for (let i = 1; i < spans.length; i += 1) {
    if ((spans[i - 1]?.from ?? 0) > (spans[i]?.from ?? 0)) {
      return [...spans].sort((a, b) => a.from - b.from);
    }
  }
  return spans;
}

/** Live at `t`: created before it and not deleted before it (same strictness as spans). */
export function liveAt(
  entity: { readonly createdAt: number; readonly deletedAt: number | null },
  t: number,
): boolean {
  return entity.createdAt < t && (entity.deletedAt === null || entity.deletedAt >= t);
}

/** The creatives of a line item live at `t`, in the given (id) order. */
export function liveCreatives(
  creatives: readonly CreativeFacts[],
  t: number,
): readonly CreativeFacts[] {
  // Usually all are live: then the same array, no copy per hour.
  return creatives.every((creative) => liveAt(creative, t))
    ? creatives
    : creatives.filter((creative) => liveAt(creative, t));
}
