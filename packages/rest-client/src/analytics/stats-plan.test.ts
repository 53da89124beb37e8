import { describe, expect, it } from "vitest";
import { RestClientError } from "../core/errors.js";
import { planStatsRequests } from "./stats-plan.js";

const start = "2026-11-01T00:00:00Z";
const daysLater = (days: number) => new Date(Date.parse(start) + days * 86_400_000);
const plan = (entityCount: number, days: number, granularity = "DAY" as const) =>
  planStatsRequests({ entityCount, start, end: daysLater(days), granularity });

describe("planStatsRequests: windows or jobs, whichever sends fewer requests", () => {
  it("100 ids over 7 days: one window per batch of 20, 5 requests", () => {
    const p = plan(100, 7);
    expect(p).toMatchObject({ strategy: "windows", requests: 5, batches: 5 });
    expect(p.windows).toEqual([{ start: new Date(start), end: daysLater(7) }]);
  });

  it("100 ids over 14 days: two windows (10) beat jobs (5 + 5 + 1 poll)", () => {
    expect(plan(100, 14)).toMatchObject({ strategy: "windows", requests: 10, jobRequests: 11 });
  });

  it("100 ids over 30 days: jobs at 11 requests instead of 25", () => {
    const p = plan(100, 30);
    expect(p).toMatchObject({ strategy: "jobs", requests: 11, windowRequests: 25 });
    expect(p.windows).toEqual([{ start: new Date(start), end: daysLater(30) }]);
  });

  it("a tie goes to windows: 20 ids over 21 days is 3 either way", () => {
    expect(plan(20, 21)).toMatchObject({ strategy: "windows", requests: 3, jobRequests: 3 });
    expect(plan(20, 22)).toMatchObject({ strategy: "jobs", requests: 3, windowRequests: 4 });
    expect(plan(21, 15)).toMatchObject({ strategy: "jobs", requests: 5, windowRequests: 6 });
  });

  it("more than 100 jobs poll once per wave of 100 (the account's cap)", () => {
    expect(plan(2001, 90).jobRequests).toBe(101 * 2 + 2);
  });

  it("windows are 7 days from start (whole days, so DAY buckets stay aligned), the last shorter", () => {
    const p = planStatsRequests({
      entityCount: 1,
      start,
      end: new Date(Date.parse(start) + (14 * 24 + 5) * 3_600_000),
      granularity: "HOUR",
    });
    expect(p.strategy).toBe("windows");
    expect(p.windows.map((w) => (w.end.getTime() - w.start.getTime()) / 3_600_000)).toEqual([
      168, 168, 5,
    ]);
    expect(p.windows[1]?.start).toEqual(p.windows[0]?.end);
  });

  it("no ids: no requests", () => {
    expect(plan(0, 30)).toMatchObject({ strategy: "windows", requests: 0, batches: 0 });
  });

  it.each([
    [{ entityCount: -1 }, /^entityCount must be a whole number/],
    [{ start: "2026-11-01T00:30:00Z" }, /^start must be on a whole hour/],
    [{ end: "soon" }, /^end must be a valid date/],
    [{ end: start }, /^end must be after start/],
    [{ end: daysLater(91) }, /^end must be at most 90 days after start/],
    [{ granularity: "WEEK" }, /^granularity must be one of HOUR, DAY, TOTAL/],
  ])("refuses %o naming the parameter", (change, message) => {
    const input = { entityCount: 1, start, end: daysLater(1), granularity: "DAY", ...change };
    let thrown: unknown;
    try {
      planStatsRequests(input as Parameters<typeof planStatsRequests>[0]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RestClientError);
    expect((thrown as RestClientError).code).toBe("INVALID_ARGUMENT");
    expect((thrown as Error).message).toMatch(message);
  });
});
