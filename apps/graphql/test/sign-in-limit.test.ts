import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

/** POST /auth/pin/start from a given loopback address (the whole of 127/8 is this machine). */
function startPin(origin: string, localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(`${origin}/auth/pin/start`, { method: "POST", localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    call.on("error", reject);
    call.end();
  });
}

describe("starting sign-ins is limited per client address", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      facade: { env: { SIGN_IN_LIMIT: "3" } },
    });
  });
  afterAll(async () => {
    await stack.close();
  });

  it("refuses a flooding address with 429 before any upstream call, while another address signs in", async () => {
    await stack.adsApi.requests.reset();
    const flood = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      flood.push(await startPin(stack.facade.origin, "127.0.0.1"));
    }
    expect(flood.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(JSON.parse(flood[5]?.body ?? "{}")).toMatchObject({
      error: {
        code: "RATE_LIMITED",
        message: expect.stringMatching(/sign-ins started/) as unknown,
      },
    });
    // Only the three admitted starts asked upstream for a request token.
    expect((await stack.adsApi.requests.counts()).byEndpoint["oauth.request_token"]).toBe(3);

    const bystander = await startPin(stack.facade.origin, "127.0.0.2");
    expect(bystander.status).toBe(200);
    expect(JSON.parse(bystander.body)).toHaveProperty("request_token");
  });
});
