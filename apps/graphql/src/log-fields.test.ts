import type { FastifyError } from "fastify";
import { describe, expect, it } from "vitest";
import { errorLogFields, loggedUrl } from "./log-fields.js";

const fastifyError = (message: string, statusCode?: number): FastifyError =>
  Object.assign(new Error(message), {
    code: "FST_ERR_TEST",
    ...(statusCode !== undefined && { statusCode }),
  });

describe("errorLogFields", () => {
  it("logs a client error without its stack trace", () => {
    const fields = errorLogFields(fastifyError("Body is not valid JSON", 400));
    expect(fields).toEqual({
      type: "Error",
      message: "Body is not valid JSON",
      code: "FST_ERR_TEST",
      statusCode: 400,
    });
  });

  it("keeps the stack of a server error, and masks credentials in messages", () => {
    const fields = errorLogFields(fastifyError("failed: oauth_token=abc123secret&x=1"));
    expect(fields.stack).toContain("log-fields.test.ts");
    expect(fields.message).toBe("failed: oauth_token=[REDACTED]&x=1");
  });
});

describe("loggedUrl", () => {
  it("masks credentials, then cuts a long URL, saying how long it was", () => {
    expect(loggedUrl("/graphql?x=1")).toBe("/graphql?x=1");
    const logged = loggedUrl(`/auth/callback?oauth_token=${"t".repeat(10_000)}&x=1`);
    expect(logged).toBe("/auth/callback?oauth_token=[REDACTED]&x=1");
    const long = loggedUrl(`/graphql?x=${"a".repeat(10_000)}&oauth_verifier=v3r1f13r`);
    expect(long.length).toBeLessThan(2100);
    expect(long).toMatch(/…\[truncated: \d+ characters\]$/);
    expect(long).not.toContain("v3r1f13r");
  });

  it("masks a URL with a credential every time, after the same URL without one", () => {
    for (let i = 0; i < 3; i += 1) {
      expect(loggedUrl("/auth/callback?oauth_verifier=v")).toBe(
        "/auth/callback?oauth_verifier=[REDACTED]",
      );
      expect(loggedUrl("/auth/callback")).toBe("/auth/callback");
    }
  });
});
