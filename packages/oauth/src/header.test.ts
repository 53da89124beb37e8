import { describe, expect, it } from "vitest";
import { OAuthErrorCode, OAuthProtocolError } from "./errors.js";
import { buildAuthorizationHeader, parseAuthorizationHeader } from "./header.js";

describe("buildAuthorizationHeader", () => {
  it("quotes percent-encoded names and values and puts realm first", () => {
    expect(
      buildAuthorizationHeader(
        [
          ["oauth_callback", "http://printer.example.com/ready"],
          ["oauth_nonce", "a b*"],
        ],
        'Pho"tos',
      ),
    ).toBe(
      'OAuth realm="Pho\\"tos", oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready", oauth_nonce="a%20b%2A"',
    );
  });
});

describe("parseAuthorizationHeader", () => {
  it("round-trips what buildAuthorizationHeader writes", () => {
    const params = [
      ["oauth_consumer_key", "key ☃"],
      ["oauth_token", ""],
      ["oauth_signature", "ab/c+=="],
    ] as const;
    const parsed = parseAuthorizationHeader(buildAuthorizationHeader(params, 'r\\e"alm'));
    expect(parsed.params).toEqual(params);
    expect(parsed.realm).toBe('r\\e"alm');
  });

  it("accepts any case of the scheme, loose spacing and no parameters", () => {
    expect(parseAuthorizationHeader('oauth  a="1" ,b = "2",c="%2B+"').params).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["c", "++"],
    ]);
    expect(parseAuthorizationHeader("OAuth").params).toEqual([]);
  });

  it.each([
    ["another scheme", 'Bearer a="1"'],
    ["a scheme prefix", 'OAuthx a="1"'],
    ["an unquoted value", "OAuth a=1"],
    ["a duplicate", 'OAuth a="1", a="2"'],
    ["a duplicate realm", 'OAuth realm="1", realm="2"'],
    ["a missing comma", 'OAuth a="1" b="2"'],
    ["a trailing comma", 'OAuth a="1",'],
    ["a bad escape", 'OAuth a="%ZZ"'],
    ["invalid UTF-8", 'OAuth a="%C3"'],
    ["a backslash in a value", 'OAuth a="x\\"y"'],
    ["an unterminated quote", 'OAuth a="1'],
  ])("refuses %s", (_label, header) => {
    try {
      parseAuthorizationHeader(header);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OAuthProtocolError);
      expect((error as OAuthProtocolError).code).toBe(OAuthErrorCode.MALFORMED_HEADER);
    }
  });
});

describe("parseAuthorizationHeader on long input", () => {
  // Linear: each parameter is matched where the last one ended. A version that re-sliced or
  // backtracked over the rest would take minutes on these.
  it("parses 100,000 parameters", () => {
    const params = Array.from({ length: 100_000 }, (_, i) => [`p${i}`, "v"] as const);
    expect(parseAuthorizationHeader(buildAuthorizationHeader(params)).params).toHaveLength(100_000);
  });

  it.each([
    ["a long name without '='", `OAuth ${"a".repeat(1_000_000)}`],
    [
      "a long name and spaces before the end",
      `OAuth ${"a".repeat(500_000)}${" ".repeat(500_000)}x`,
    ],
    ["an unterminated value", `OAuth a="${"%41".repeat(300_000)}`],
    ["an unterminated realm of escapes", `OAuth realm="${'\\"'.repeat(500_000)}`],
  ])("refuses %s", (_label, header) => {
    expect(() => parseAuthorizationHeader(header)).toThrow(OAuthProtocolError);
  });
});
