import type { AnalyticsPlacement } from "@adsgraph/models";
import { seedOf } from "./hash.js";
import { SLOT_COUNT } from "./metric-vector.js";
import type { LineItemFacts } from "./world.js";

/** A line item's split between the two analytics placements that deliver (percent). */
export interface PlacementWeights {
  readonly on: number;
  readonly off: number;
}

/** The analytics placement a line item placement counts under (null: none). */
export function placementClass(placement: string): AnalyticsPlacement | null {
  if (placement === "ALL_ON_TWITTER" || placement.startsWith("TWITTER_")) return "ALL_ON_TWITTER";
  if (placement === "PUBLISHER_NETWORK" || placement.startsWith("TAP_")) {
    return "PUBLISHER_NETWORK";
  }
  return null;
}

/**
 * A line item's share (percent) of its delivery on `placement`: all of it when it runs on
 * that class only, none when not at all, a fixed per-line-item 60-89% on-platform when on
 * both. No placements reads as ALL_ON_TWITTER (the vendor's default).
 */
export function placementWeights(item: LineItemFacts): PlacementWeights {
  const classes = new Set(item.placements.map(placementClass));
  const on = classes.has("ALL_ON_TWITTER") || item.placements.length === 0;
  const off = classes.has("PUBLISHER_NETWORK");
  if (on && off) {
    const share = 60 + (seedOf(item.id) % 30);
    return { on: share, off: 100 - share };
  }
  return { on: on ? 100 : 0, off: off ? 100 : 0 };
}

/** The `placement` share of one integer: on-platform floor(v × on / 100) (+1 by largest
 * remainder, ties to on-platform), the network the rest, so the two shares sum to v. */
export function placementShare(
  v: number,
  weights: PlacementWeights,
  placement: AnalyticsPlacement,
): number {
  if (placement !== "ALL_ON_TWITTER" && placement !== "PUBLISHER_NETWORK") return 0;
  if (weights.on === 0 || weights.off === 0) {
    const mine = placement === "ALL_ON_TWITTER" ? weights.on : weights.off;
    return mine === 0 ? 0 : v;
  }
  const on = onShare(v, weights.on);
  return placement === "ALL_ON_TWITTER" ? on : v - on;
}

/** Adds the `placement` share of the `slots` of `vector` into `out` at `offset`. */
export function addPlacementShare(
  out: Float64Array,
  offset: number,
  vector: Float64Array,
  weights: PlacementWeights,
  placement: AnalyticsPlacement,
  slots: Int32Array,
): void {
  const mine =
    placement === "ALL_ON_TWITTER"
      ? weights.on
      : placement === "PUBLISHER_NETWORK"
        ? weights.off
        : 0;
  if (mine === 0) return;
  for (let k = 0; k < slots.length; k += 1) {
    const s = slots[k] as number;
    const v = vector[s] as number;
    if (v === 0) continue;
    out[offset + s] =
      (out[offset + s] as number) + (mine === 100 ? v : placementShare(v, weights, placement));
  }
}

/** Every slot (for callers that need them all). */
export const ALL_SLOTS = Int32Array.from({ length: SLOT_COUNT }, (_, i) => i);

/** floor(v × w / 100), plus one when its remainder is at least the other side's. */
function onShare(v: number, w: number): number {
  const base = Math.floor((v * w) / 100);
  const offBase = Math.floor((v * (100 - w)) / 100);
  if (base + offBase === v) return base;
  const onRem = v * w - base * 100;
  const offRem = v * (100 - w) - offBase * 100;
  return onRem >= offRem ? base + 1 : base;
}
