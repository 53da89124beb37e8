import { describe, expect, it } from "vitest";
import { REDACTED, redactString } from "./redact-text.js";
import { redact, redactAuthorization } from "./redact.js";

describe("redact", () => {
  it("masks OAuth header secrets but keeps the consumer key, nonce and timestamp", () => {
    const header =
      'OAuth oauth_consumer_key="ck", oauth_nonce="n1", oauth_timestamp="1", oauth_token="TOK", ' +
      'oauth_signature="SIG%3D", oauth_verifier="VER"';
    const out = redactAuthorization(header);
    expect(out).toContain('oauth_consumer_key="ck"');
    expect(out).toContain('oauth_nonce="n1"');
    for (const secret of ["TOK", "SIG", "VER"]) expect(out).not.toContain(secret);
  });

  it("masks Bearer and Basic credentials", () => {
    expect(redactAuthorization("Bearer AAAA%2Fb==")).toBe(`Bearer ${REDACTED}`);
    expect(redactString("authorization: Basic dXNlcjpwYXNz")).toBe(
      `authorization: Basic ${REDACTED}`,
    );
    expect(redactAuthorization("Custom abc")).toBe(`Custom ${REDACTED}`);
  });

  it("masks query strings, form bodies and JSON bodies", () => {
    const out = redactString(
      "POST /x?oauth_token=T1&keep=1&access_token=B2 body oauth_token_secret=S3&oauth_verifier=V4&client_secret=C5 " +
        '{"access_token":"J6","token_type":"bearer","name":"n"}',
    );
    for (const secret of ["T1", "B2", "S3", "V4", "C5", "J6"]) expect(out).not.toContain(secret);
    expect(out).toContain("keep=1");
    expect(out).toContain('"name":"n"');
  });

  it("copies objects, header bags and errors with sensitive keys masked", () => {
    const headers = new Headers({
      authorization: 'OAuth oauth_consumer_key="ck", oauth_signature="S"',
      accept: "x",
    });
    const value = {
      consumerKey: "ck",
      consumerSecret: "CS",
      nested: [{ tokenSecret: "TS", password: "PW", ok: "visible" }],
      headers,
      url: new URL("https://h/p?oauth_token=UT&a=1"),
      error: Object.assign(new Error("failed with access_token=ET"), { bearerToken: "BT" }),
      map: new Map([["set-cookie", "C"]]),
    };
    const out = JSON.stringify(redact(value));
    for (const secret of ["CS", "TS", "PW", '"S"', "UT", "ET", "BT", '"C"'])
      expect(out).not.toContain(secret);
    expect(out).toContain('"consumerKey":"ck"');
    expect(out).toContain("oauth_consumer_key");
    expect(out).toContain("visible");
  });

  it("survives cycles", () => {
    const a: Record<string, unknown> = { token: "x" };
    a.self = a;
    expect(redact(a)).toEqual({ token: REDACTED, self: "[Circular]" });
  });
});
