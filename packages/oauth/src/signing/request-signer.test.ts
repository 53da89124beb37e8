import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRequestSigner } from "./request-signer.js";
import { signRequest } from "./sign-request.js";
import type { SignRequestInput } from "./sign-request.js";

const consumer = { consumerKey: "dpf43f3p2l4k3l03", consumerSecret: "kd94hf93k423kf44" };
const token = { token: "nnch734d00sl2jdk", tokenSecret: "pfkkdhi9sl3r4s00" };
const at = (seconds: number) => () => seconds * 1000;

/** The cached-key signer's result and the plain signer's, for the same request. */
function both(input: SignRequestInput) {
  const { consumer: c, token: t, ...rest } = input;
  let cached: unknown;
  let plain: unknown;
  try {
    cached = createRequestSigner(c, t).sign(rest);
  } catch (error) {
    cached = error;
  }
  try {
    plain = signRequest(input);
  } catch (error) {
    plain = error;
  }
  return { cached, plain };
}

describe("createRequestSigner", () => {
  it("signs RFC 5849 §1.2's protected resource request as the RFC prints it", () => {
    const signer = createRequestSigner(consumer, token);
    const signed = signer.sign({
      method: "GET",
      url: "http://photos.example.net/photos?file=vacation.jpg&size=original",
      clock: at(137131202),
      nonce: () => "chapoH",
      includeVersion: false,
    });
    expect(signed.signature).toBe("MdpQcU8iPSUjWoN/UDMsK2sui9I=");
    // The same signer again (its key reused) signs the same bytes.
    const again = signer.sign({
      method: "GET",
      url: new URL("http://photos.example.net/photos?file=vacation.jpg&size=original"),
      clock: at(137131202),
      nonce: () => "chapoH",
      includeVersion: false,
    });
    expect(again).toEqual(signed);
  });

  it("gives signRequest's bytes, errors included, for any request (the plain path is the reference)", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 6 }),
      fc.string({ unit: "binary-ascii", maxLength: 8 }),
      fc.constantFrom(
        "",
        "*",
        "a b",
        "!'()",
        "é",
        "oauth_token",
        "oauth_version",
        "oauth_callback",
      ),
    );
    // Names repeat (a, b) often enough to sort by value too.
    const pairs = fc.array(fc.tuple(fc.oneof(text, fc.constantFrom("a", "b")), text), {
      maxLength: 4,
    });
    const input = fc.record({
      method: fc.constantFrom("GET", "post", "DELETE"),
      url: fc.oneof(
        fc
          .tuple(fc.constantFrom("https://Api.Example.com:443", "http://h:8080", "ftp://x"), pairs)
          .map(([origin, query]) => `${origin}/a%20b/c?${new URLSearchParams(query).toString()}`),
        fc.constantFrom("/relative", "https://api.example.com/x?oauth_nonce=1"),
      ),
      asUrlObject: fc.boolean(),
      token: fc.option(fc.record({ token: text, tokenSecret: text }), { nil: undefined }),
      secret: text,
      form: fc.option(fc.oneof(pairs, fc.constantFrom("a=1+2&b=%2A", "oauth_signature=x")), {
        nil: undefined,
      }),
      oauthParams: fc.option(
        fc.dictionary(
          fc.constantFrom("oauth_callback", "oauth_verifier", "oauth_token", "x"),
          text,
        ),
        { nil: undefined },
      ),
      realm: fc.option(fc.constantFrom("Photos", 'q"uo\\te'), { nil: undefined }),
      nonce: fc.constantFrom("wIjqoS", "n*n", "", "nonce-é"),
      includeVersion: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(input, (i) => {
        const url = i.asUrlObject && URL.canParse(i.url) ? new URL(i.url) : i.url;
        const { cached, plain } = both({
          method: i.method,
          url,
          consumer: { consumerKey: "k*y é", consumerSecret: i.secret },
          token: i.token,
          form: i.form,
          oauthParams: i.oauthParams,
          realm: i.realm,
          clock: at(1_700_000_000.5),
          nonce: () => i.nonce,
          includeVersion: i.includeVersion,
        });
        expect(cached).toEqual(plain);
        if (cached instanceof Error) expect(cached.message).toBe((plain as Error).message);
      }),
      { numRuns: 400 },
    );
  });

  it("draws a fresh nonce per request", () => {
    const signer = createRequestSigner(consumer, token);
    const nonces = new Set(
      Array.from({ length: 200 }, () => {
        const sent = new Map(
          signer.sign({ method: "GET", url: "https://x.example/" }).protocolParams,
        );
        return sent.get("oauth_nonce");
      }),
    );
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{48}$/);
  });
});
