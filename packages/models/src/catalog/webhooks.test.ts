import { describe, expect, it } from "vitest";
import { activityEventType } from "../fields/activity-event-type.js";
import { parseReplayDate } from "../fields/replay-dates.js";
import { DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS } from "../resources/activity.js";
import { expectValid, expectViolation } from "../../test/support.js";

const now = new Date(Date.UTC(2026, 2, 25, 12, 0, 30));

describe("webhooks (spec §6 webhooks, §9 replay; issue 18)", () => {
  it("takes https URLs, and http only on loopback hosts", () => {
    for (const url of [
      "https://hooks.example.com/x?app=1",
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://[::1]:9/hook",
    ]) {
      expectValid("webhooks.create", { url });
    }
    const refused: [string, RegExp][] = [
      ["http://example.com/hook", /https:\/\//],
      ["https://user:pw@example.com/", /credentials/],
      ["https://example.com/#x", /fragment/],
      ["ftp://127.0.0.1/", /http/],
      ["https:example.com", /absolute/],
      ["/hook", /absolute/],
    ];
    for (const [url, message] of refused) {
      const violation = expectViolation("webhooks.create", { url }, "url", "INVALID_PARAMETER");
      expect(violation.message).toMatch(message);
    }
    expectViolation(
      "webhooks.create",
      { url: `https://e.com/${"a".repeat(1100)}` },
      "url",
      "TOO_LONG",
    );
  });

  it("pages a webhook's delivery log by state, count (1 to 100) and cursor (issue 34)", () => {
    expectValid("webhooks.deliveries.list", { webhook_id: "1" });
    expectValid("webhooks.deliveries.list", {
      webhook_id: "1",
      state: "dead",
      count: "100",
      cursor: "abc",
    });
    const state = expectViolation(
      "webhooks.deliveries.list",
      { webhook_id: "1", state: "failed" },
      "state",
      "INVALID_PARAMETER",
    );
    expect(state.message).toMatch(/pending|delivered|dead/);
    expectViolation(
      "webhooks.deliveries.list",
      { webhook_id: "1", count: "101" },
      "count",
      "OUT_OF_RANGE",
    );
    expectViolation(
      "webhooks.deliveries.list",
      { webhook_id: "1", cursor: "a b" },
      "cursor",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "webhooks.deliveries.list",
      { webhook_id: "x" },
      "webhook_id",
      "INVALID_PARAMETER",
    );
  });

  it("reads YYYYMMDDHHmm replay dates as UTC minutes, refusing impossible ones", () => {
    expect(parseReplayDate("202603251200")?.toISOString()).toBe("2026-03-25T12:00:00.000Z");
    for (const text of [
      "202602301200",
      "202613011200",
      "202603252400",
      "20260325120",
      "2026-03-25",
    ]) {
      expect(parseReplayDate(text), text).toBeUndefined();
    }
  });

  it("checks the replay window: ordered, not in the future, at most 5 days", () => {
    const replay = (from_date: string, to_date: string) => ({
      webhook_id: "1",
      from_date,
      to_date,
    });
    expectValid("webhooks.replay", replay("202603201200", "202603251200"), { now });
    expectViolation(
      "webhooks.replay",
      replay("202603251100", "202603251000"),
      "to_date",
      "INVALID_PARAMETER",
      { now },
    );
    expectViolation(
      "webhooks.replay",
      replay("202603251100", "202603251201"),
      "to_date",
      "INVALID_PARAMETER",
      { now },
    );
    expectViolation(
      "webhooks.replay",
      replay("202603201159", "202603251200"),
      "to_date",
      "OUT_OF_RANGE",
      { now },
    );
    expectViolation(
      "webhooks.replay",
      replay("2026032012", "202603251200"),
      "from_date",
      "INVALID_PARAMETER",
      { now },
    );
  });

  it("takes the deprecated PascalCase event names as aliases of their dot forms", () => {
    for (const [old, current] of Object.entries(DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS)) {
      expectValid("activity.subscriptions.create", { event_type: old });
      expect(activityEventType().parse(old)).toBe(current);
    }
    expect(activityEventType().parse("profile.update.geo")).toBe("profile.update.geo");
    const other = expectViolation(
      "activity.subscriptions.create",
      { event_type: "profile.update.picture" },
      "event_type",
      "INVALID_PARAMETER",
    );
    expect(other.message).toMatch(/must be one of .*profile\.update\.bio/);
  });
});
