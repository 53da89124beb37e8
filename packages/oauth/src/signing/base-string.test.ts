import { describe, expect, it } from "vitest";
import { parseFormEncoded } from "../form-encoding.js";
import { parseAuthorizationHeader } from "../header.js";
import {
  baseStringUri,
  collectSignedParameters,
  normalizeParameters,
  signatureBaseString,
} from "./base-string.js";

describe("RFC 5849 §3.4.1.1 example", () => {
  it("produces exactly the printed signature base string", () => {
    const url = "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b";
    const header = parseAuthorizationHeader(
      'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", oauth_token="kkk9d7dh3k39sjv7", ' +
        'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="7d8f3e4a", ' +
        'oauth_signature="djosJKDKJSD8743243%2Fjdk33klY%3D"',
    );
    expect(header.realm).toBe("Example");
    const params = collectSignedParameters(url, parseFormEncoded("c2&a3=2+q"), header.params);
    expect(signatureBaseString("POST", url, params)).toBe(
      "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
    );
  });
});

describe("baseStringUri (RFC 5849 §3.4.1.2)", () => {
  it("lower-cases scheme and host, drops default ports, query and fragment", () => {
    expect(baseStringUri("HTTP://EXAMPLE.COM:80/r%20v/X?id=123")).toBe(
      "http://example.com/r%20v/X",
    );
    expect(baseStringUri("https://www.example.net:8080/?q=1")).toBe(
      "https://www.example.net:8080/",
    );
    expect(baseStringUri("https://Api.Example.com:443/a#frag")).toBe("https://api.example.com/a");
    expect(baseStringUri("http://user:pw@example.com")).toBe("http://example.com/");
    expect(baseStringUri("http://example.com:443/")).toBe("http://example.com:443/");
  });
});

describe("normalizeParameters (RFC 5849 §3.4.1.3.2)", () => {
  it("sorts by encoded name then value and keeps duplicates", () => {
    expect(
      normalizeParameters([
        ["b", "2"],
        ["a", "z"],
        ["a", "y"],
        ["a", "y"],
        ["A", "1"],
        ["a b", "*"],
      ]),
    ).toBe("A=1&a=y&a=y&a=z&a%20b=%2A&b=2");
  });

  it("orders by the encoded form, not the raw one", () => {
    // "é" encodes to %C3%A9, which sorts before "a" (0x25 < 0x61).
    expect(
      normalizeParameters([
        ["a", "1"],
        ["é", "2"],
      ]),
    ).toBe("%C3%A9=2&a=1");
  });
});

describe("parseFormEncoded (RFC 5849 §3.4.1.3.1)", () => {
  it("turns + into a space and keeps names without a value", () => {
    expect(parseFormEncoded("c2&a3=2+q&x=%2B&=v")).toEqual([
      ["c2", ""],
      ["a3", "2 q"],
      ["x", "+"],
      ["", "v"],
    ]);
  });
});
