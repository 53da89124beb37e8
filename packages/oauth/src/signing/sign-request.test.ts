import { describe, expect, it } from "vitest";
import { OAuthProtocolError } from "../errors.js";
import { parseAuthorizationHeader } from "../header.js";
import { signRequest } from "./sign-request.js";

const consumer = { consumerKey: "dpf43f3p2l4k3l03", consumerSecret: "kd94hf93k423kf44" };
const at = (seconds: number) => () => seconds * 1000;

// RFC 5849 §1.2 ("Example"): the three requests of the photo-printing walk-through. The RFC's
// requests carry no oauth_version, so it is left out here to reproduce its signatures.
describe("signRequest against RFC 5849 §1.2", () => {
  it("signs the temporary credentials request", () => {
    const signed = signRequest({
      method: "POST",
      url: "https://photos.example.net/initiate",
      consumer,
      oauthParams: { oauth_callback: "http://printer.example.com/ready" },
      realm: "Photos",
      clock: at(137131200),
      nonce: () => "wIjqoS",
      includeVersion: false,
    });
    expect(signed.signature).toBe("74KNZJeDHnMBp0EMJ9ZHt/XKycU=");
    expect(signed.authorization).toContain('oauth_signature="74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D"');
    expect(signed.authorization).toContain(
      'oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready"',
    );
    expect(signed.authorization.startsWith('OAuth realm="Photos", ')).toBe(true);
  });

  it("signs the token request", () => {
    const signed = signRequest({
      method: "POST",
      url: "https://photos.example.net/token",
      consumer,
      token: { token: "hh5s93j4hdidpola", tokenSecret: "hdhd0244k9j7ao03" },
      oauthParams: { oauth_verifier: "hfdp7dh39dks9884" },
      clock: at(137131201),
      nonce: () => "walatlh",
      includeVersion: false,
    });
    expect(signed.signature).toBe("gKgrFCywp7rO0OXSjdot/IHF7IU=");
  });

  it("signs the protected resource request", () => {
    const signed = signRequest({
      method: "GET",
      url: "http://photos.example.net/photos?file=vacation.jpg&size=original",
      consumer,
      token: { token: "nnch734d00sl2jdk", tokenSecret: "pfkkdhi9sl3r4s00" },
      clock: at(137131202),
      nonce: () => "chapoH",
      includeVersion: false,
    });
    expect(signed.signature).toBe("MdpQcU8iPSUjWoN/UDMsK2sui9I=");
    expect(signed.baseString).toBe(
      "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal",
    );
  });
});

describe("signRequest", () => {
  const base = {
    method: "post",
    url: "https://api.example.com/1.1/x",
    consumer,
    clock: at(1_700_000_000.9),
  };

  it("sends oauth_version 1.0, whole-second timestamps and a 48-character hex nonce by default", () => {
    const params = new Map(parseAuthorizationHeader(signRequest(base).authorization).params);
    expect(params.get("oauth_version")).toBe("1.0");
    expect(params.get("oauth_timestamp")).toBe("1700000000");
    expect(params.get("oauth_signature_method")).toBe("HMAC-SHA1");
    expect(params.get("oauth_nonce")).toMatch(/^[0-9a-f]{48}$/);
    expect(params.get("oauth_nonce")).not.toBe(
      new Map(parseAuthorizationHeader(signRequest(base).authorization).params).get("oauth_nonce"),
    );
  });

  it("signs form bodies given raw or as pairs alike", () => {
    const fixed = { ...base, nonce: () => "n" };
    const raw = signRequest({ ...fixed, form: "a=1+2&b=%2A" });
    const pairs = signRequest({
      ...fixed,
      form: [
        ["a", "1 2"],
        ["b", "*"],
      ],
    });
    expect(raw.signature).toBe(pairs.signature);
    expect(raw.baseString).toContain("a%3D1%25202%26b%3D%252A");
  });

  it("refuses a non-ASCII nonce, clashing parameters and non-oauth_ extras", () => {
    expect(() => signRequest({ ...base, nonce: () => "nonce-é" })).toThrow(OAuthProtocolError);
    expect(() => signRequest({ ...base, nonce: () => "" })).toThrow(OAuthProtocolError);
    expect(() => signRequest({ ...base, url: `${base.url}?oauth_nonce=x` })).toThrow(
      OAuthProtocolError,
    );
    expect(() => signRequest({ ...base, form: "oauth_signature=x" })).toThrow(OAuthProtocolError);
    expect(() => signRequest({ ...base, oauthParams: { oauth_token: "t" } })).toThrow(
      OAuthProtocolError,
    );
    expect(() => signRequest({ ...base, oauthParams: { screen_name: "t" } })).toThrow(
      OAuthProtocolError,
    );
    expect(() => signRequest({ ...base, url: "ftp://x/" })).toThrow(OAuthProtocolError);
    expect(() => signRequest({ ...base, url: "/relative" })).toThrow(OAuthProtocolError);
  });
});
