import { describe, expect, it } from "vitest";
import { createSecretBox, generateKeyText, parseKeyring, SecretBoxError } from "./secret-box.js";

describe("secret box", () => {
  const secret = "oauth-token-secret-Ω-1397727542898307072";

  it("seals to text that holds no trace of the secret and opens it again", () => {
    const box = createSecretBox(parseKeyring(generateKeyText()));
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString("base64url"));
    expect(box.open(sealed)).toBe(secret);
    expect(box.seal(secret)).not.toBe(sealed); // a fresh IV every time
  });

  it("rotates: a new first key seals, the old key still opens, stale values are told apart", () => {
    const oldKey = generateKeyText();
    const before = createSecretBox(parseKeyring(oldKey));
    const sealedBefore = before.seal(secret);

    const after = createSecretBox(parseKeyring(`${generateKeyText()},${oldKey}`));
    expect(after.open(sealedBefore)).toBe(secret);
    expect(after.isStale(sealedBefore)).toBe(true);
    const resealed = after.seal(after.open(sealedBefore));
    expect(after.isStale(resealed)).toBe(false);

    // Once the old key is dropped, values it sealed can no longer be opened.
    const retired = createSecretBox(parseKeyring(generateKeyText()));
    expect(() => retired.open(sealedBefore)).toThrow(/not in the keyring/);
  });

  it("refuses a tampered value", () => {
    const box = createSecretBox(parseKeyring(generateKeyText()));
    const parts = box.seal(secret).split(".");
    parts[4] = Buffer.from("forged").toString("base64url");
    expect(() => box.open(parts.join("."))).toThrow(SecretBoxError);
  });

  it("names the rule a bad keyring breaks, without echoing the key", () => {
    expect(() => parseKeyring("")).toThrow("the keyring holds no key");
    expect(() => parseKeyring("abcd")).toThrow(/must be 32 bytes/);
    const key = generateKeyText();
    expect(() => parseKeyring(`a:${key},a:${generateKeyText()}`)).toThrow(/share an id/);
    const short = key.slice(0, 60);
    const error = (() => {
      try {
        parseKeyring(short);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error("parseKeyring accepted a 30-byte key");
    })();
    expect(error.message).toMatch(/must be 32 bytes/);
    expect(error.message).not.toContain(short);
  });
});
