import type { ActivityEvent } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { createEventRing } from "./event-ring.js";

const event = (id: string, forUserId = "1"): ActivityEvent => ({
  id,
  event_type: "profile.update.bio",
  created_at: "2026-05-01T00:00:00Z",
  for_user_id: forUserId,
  subscription_id: "1",
  payload: { bio: id },
});
const ids = (retained: ReturnType<ReturnType<typeof createEventRing>["retained"]>) =>
  retained.expired ? retained : retained.events.map((kept) => kept.id);
const every = () => true;

describe("createEventRing", () => {
  it("replays the events after an id, as the filter keeps them", () => {
    const ring = createEventRing(10);
    ring.restart();
    for (const id of ["11", "12", "13", "14"]) ring.record(event(id, id === "13" ? "2" : "1"));
    expect(ids(ring.retained("11", every))).toEqual(["12", "13", "14"]);
    expect(ids(ring.retained("11", (kept) => kept.for_user_id === "1"))).toEqual(["12", "14"]);
    // The first event of a fresh stream vouches for everything after the id before it.
    expect(ids(ring.retained("10", every))).toEqual(["11", "12", "13", "14"]);
    expect(ids(ring.retained("14", every))).toEqual([]);
  });

  it("answers expired, naming the oldest kept, for an id from before what it holds", () => {
    const ring = createEventRing(3);
    ring.restart();
    for (const id of ["21", "22", "23", "24", "25"]) ring.record(event(id));
    // 21 and 22 were dropped: a resume after 21 could not give 22.
    expect(ids(ring.retained("21", every))).toEqual({ expired: true, oldestId: "23" });
    expect(ids(ring.retained("22", every))).toEqual(["23", "24", "25"]);
    expect(ids(ring.retained("9", every))).toEqual({ expired: true, oldestId: "23" });
  });

  it("vouches for nothing after a fresh start until its first event", () => {
    const ring = createEventRing(10);
    ring.restart();
    ring.record(event("31"));
    ring.restart();
    // Events between 31 and the new stream's first may have gone unseen.
    expect(ring.retained("31", every).expired).toBe(true);
    ring.record(event("40"));
    expect(ring.retained("31", every).expired).toBe(true);
    expect(ids(ring.retained("39", every))).toEqual(["40"]);
  });
});
