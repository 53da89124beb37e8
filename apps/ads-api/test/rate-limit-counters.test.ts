import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const COUNTERS = 50;
const OAUTH_RATE = 2;

/** The n-th address of 10.0.0.0/16, one client machine each. */
function address(n: number): string {
  return `10.0.${Math.floor(n / 256)}.${n % 256}`;
}

// Counters live in memory, so one engine shows it (issue 12: one client can never exhaust a
// shared resource for others, and here never reset another's limit either).
describe("rate-limit counters of client addresses (issue 12)", () => {
  let server: TestServer;
  let user: Actor;

  beforeAll(async () => {
    server = await startTestServer("pglite", {
      limits: { userRate: 1, oauthRate: OAUTH_RATE, rateCounters: COUNTERS },
    });
    user = await createActor(server.ctx);
  });
  afterAll(() => server.close());

  /** An unsigned request token request as sent from `from` (401, or 429 past the limit). */
  async function requestTokenFrom(from: string): Promise<number> {
    const response = await server.server.apps.base.inject({
      method: "POST",
      url: "/oauth/request_token",
      remoteAddress: from,
    });
    return response.statusCode;
  }

  it("counts credential requests per address, each address on its own", async () => {
    for (let call = 0; call < OAUTH_RATE; call += 1) {
      expect(await requestTokenFrom("192.0.2.1")).toBe(401);
    }
    expect(await requestTokenFrom("192.0.2.1")).toBe(429);
    expect(await requestTokenFrom("192.0.2.2")).toBe(401);
  });

  it("keeps a token's window however many addresses hit the credential endpoints", async () => {
    expect((await user.client.get("/12/accounts")).status).toBe(200);
    expect((await user.client.get("/12/accounts")).status).toBe(429);
    // Four times as many addresses as a limiter keeps counters: the oldest are dropped.
    for (let n = 0; n < 4 * COUNTERS; n += 1) {
      expect(await requestTokenFrom(address(n))).toBe(401);
    }
    // The token's spent window is still there: its limit was not reset by someone else.
    expect((await user.client.get("/12/accounts")).status).toBe(429);
  });
});
