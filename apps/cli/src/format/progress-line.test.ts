import { describe, expect, it } from "vitest";
import { barProgressLine, formatDuration, plainProgressLine } from "./progress-line.js";

describe("progress lines", () => {
  it("reads records done of the total, the rate and the time left", () => {
    expect(plainProgressLine({ done: 1500, total: 5000, rate: 1200 })).toBe(
      "progress 1500/5000 records (30%), 1200 records/s, ETA 3s",
    );
    expect(plainProgressLine({ done: 0, total: 10, rate: 0 })).toBe(
      "progress 0/10 records (0%), 0 records/s, ETA ?",
    );
    expect(plainProgressLine({ done: 0, total: 0, rate: 0 })).toContain("(100%)");
  });

  it("draws a bar for terminals", () => {
    expect(barProgressLine({ done: 50, total: 100, rate: 10 }, 10)).toBe(
      "[#####·····]  50% 50/100 records · 10/s · ETA 5s",
    );
  });

  it("writes durations at a glance", () => {
    expect([0.4, 42, 185, 3725].map(formatDuration)).toEqual(["0s", "42s", "3m05s", "1h02m"]);
  });
});
