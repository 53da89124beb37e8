import { describe, expect, it } from "vitest";
import { servingState } from "./campaign-serving.js";

const NOW = new Date("2026-06-01T12:00:00Z");
const running = {
  entityStatus: "ACTIVE",
  draft: false,
  startTime: new Date("2026-05-01T00:00:00Z"),
  endTime: null,
  ableToFund: true,
};

describe("campaign serving state (README: where the spec is silent)", () => {
  it("an ACTIVE campaign with an able funding instrument within its dates is RUNNING", () => {
    expect(servingState(running, NOW)).toEqual({
      effective_status: "RUNNING",
      servable: true,
      reasons_not_servable: [],
    });
    expect(
      servingState({ ...running, endTime: new Date("2026-07-01T00:00:00Z") }, NOW).servable,
    ).toBe(true);
  });

  it("lists every reason it is not, with the spec's and the recorded values only", () => {
    expect(
      servingState(
        {
          entityStatus: "PAUSED",
          draft: true,
          startTime: running.startTime,
          endTime: NOW,
          ableToFund: false,
        },
        NOW,
      ),
    ).toEqual({
      effective_status: "UNKNOWN",
      servable: false,
      reasons_not_servable: ["PAUSED_BY_ADVERTISER", "INCOMPLETE", "FUNDING_PROBLEM", "EXPIRED"],
    });
    expect(servingState({ ...running, startTime: null }, NOW).reasons_not_servable).toEqual([
      "INCOMPLETE",
    ]);
  });

  it("before its start a campaign is not serving yet, with no reason: servable null", () => {
    expect(servingState({ ...running, startTime: new Date("2026-06-02T00:00:00Z") }, NOW)).toEqual({
      effective_status: "UNKNOWN",
      servable: null,
      reasons_not_servable: [],
    });
  });
});
