import { describe, expect, it } from "vitest";
import { createAccountAccess } from "../access/account-access.js";
import { POST_DATA_SCOPE } from "../snapshots/freshness.js";
import { createResponseCache } from "./response-cache.js";
import { ResponseRecorder } from "./response-recorder.js";

describe("response cache over the post-data API's snapshots", () => {
  it("drops an answer once a post-data write follows the snapshots it rests on", () => {
    let clock = 1_000;
    const accountWrites = new Map<string, number>();
    const cache = createResponseCache({
      maxBytes: 1_000_000,
      userMaxBytes: 100_000,
      access: createAccountAccess({ ttlMs: 60_000, now: () => clock }),
      accountWrites,
      accessTtlMs: 60_000,
      now: () => clock,
    });
    const recorder = new ResponseRecorder();
    // A lookup names no account: only its scope says when it was written.
    recorder.usedFresh("query:post_data.posts.lookup\u0000k", null, 900, 30_000, POST_DATA_SCOPE);
    recorder.approve();
    expect(
      cache.store("key", "u1", recorder, { body: Buffer.from("{}") }, "application/json"),
    ).toBe(true);
    clock += 10;
    expect(cache.lookup("key", "u1")).toBeDefined();
    accountWrites.set(POST_DATA_SCOPE, clock);
    expect(cache.lookup("key", "u1")).toBeUndefined();
  });
});
