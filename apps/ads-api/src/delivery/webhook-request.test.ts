import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ActivityEvent as EventRow } from "../generated/prisma/client.js";
import { answerResult, deliveryRequest, failureResult } from "./webhook-request.js";

const event: EventRow = {
  id: 42n,
  appId: "app",
  subscriptionId: 7n,
  eventType: "profile.update.bio",
  forUserId: "2244994945",
  payload: { bio: "héllo ✓" },
  createdAt: new Date("2026-11-29T12:00:00.000Z"),
};

const signatureOf = (body: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("base64")}`;

describe("a delivery attempt's request and result", () => {
  it("signs every body, first tries and replays alike, with the consumer secret", () => {
    const live = deliveryRequest(event, null, "secret");
    expect(JSON.parse(live.body)).toEqual({
      data: {
        id: "42",
        event_type: "profile.update.bio",
        created_at: "2026-11-29T12:00:00Z",
        for_user_id: "2244994945",
        subscription_id: "7",
        payload: { bio: "héllo ✓" },
      },
    });
    expect(live.headers["x-twitter-webhooks-signature"]).toBe(signatureOf(live.body, "secret"));
    expect(live.headers).not.toHaveProperty("x-adsgraph-replay-job-id");
    const replay = deliveryRequest(event, 9n, "secret");
    expect(JSON.parse(replay.body)).toMatchObject({ replay_job_id: "9" });
    expect(replay.headers["x-twitter-webhooks-signature"]).toBe(signatureOf(replay.body, "secret"));
    expect(replay.headers["x-adsgraph-replay-job-id"]).toBe("9");
    expect(JSON.stringify(replay)).not.toContain("secret");
  });

  it("delivers on any 2xx and names every other answer by its status", () => {
    expect(answerResult({ status: 204, text: "" })).toEqual({ status: 204, error: null });
    expect(answerResult({ status: 500, text: "stack trace at /srv" })).toEqual({
      status: 500,
      error: "answered HTTP 500",
    });
    expect(answerResult({ status: 302, text: "" }).error).toMatch(/redirect .*not followed/);
  });

  it("says why no answer came in its own words, never the error's message", () => {
    const timeout = new Error("aborted after 10.0.0.7");
    timeout.name = "TimeoutError";
    expect(failureResult(timeout, 10_000)).toEqual({
      status: null,
      error: "no answer within 10000 ms",
    });
    expect(failureResult(new TypeError("connect ECONNREFUSED 10.0.0.7:443"), 10_000)).toEqual({
      status: null,
      error: "the URL could not be reached",
    });
  });
});
