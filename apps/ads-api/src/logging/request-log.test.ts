import { describe, expect, it } from "vitest";
import { RequestLog } from "./request-log.js";
import type { LoggedRequest, RecordedRequest } from "./request-log.js";

const fields = {
  role: "ads",
  method: "GET",
  route: `/12/accounts/:account_id/campaigns`,
  endpointId: "campaigns.list",
  scheme: "oauth",
  status: 200,
} as const;

/** What a host records of request `index`, answered 5.7 ms after it arrived. */
const recorded = (index: number): RecordedRequest => ({
  atMs: index * 1000,
  elapsedMs: 5.7,
  ...fields,
});

/** How the log gives it back: times as ISO strings (receivedAt as `new Date(at - elapsed)`). */
const entry = (index: number): LoggedRequest => ({
  at: new Date(index * 1000).toISOString(),
  receivedAt: new Date(index * 1000 - 5.7).toISOString(),
  ...fields,
});

describe("RequestLog", () => {
  it("keeps only the last `capacity` entries, in order, while the totals count every request", () => {
    const log = new RequestLog(3);
    for (let index = 0; index < 10; index += 1) log.record(recorded(index));
    expect(log.entries()).toEqual([entry(7), entry(8), entry(9)]);
    expect(log.counts()).toEqual({
      total: 10,
      byEndpoint: { "campaigns.list": 10 },
      byRole: { ads: 10 },
    });
  });

  it("keeps what it was given, not the caller's object", () => {
    const log = new RequestLog();
    const given = { ...recorded(1), extra: "not kept" };
    log.record(given);
    Object.assign(given, { status: 500 });
    expect(log.entries()).toEqual([entry(1)]);
  });
});
