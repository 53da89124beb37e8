import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  WEBHOOK_SIGNATURE_HEADER,
  crcResponse,
  signWebhookBody,
  verifyWebhookSignature,
} from "./webhook-verify.js";

const SECRET = "test-consumer-secret";
const independent = (key: string, message: string | Uint8Array) =>
  `sha256=${createHmac("sha256", key).update(message).digest("base64")}`;

describe("crcResponse", () => {
  it("answers sha256= + base64 HMAC-SHA256 of the token, keyed by the consumer secret", () => {
    // Computed with `openssl dgst -sha256 -hmac test-consumer-secret -binary | base64`.
    expect(crcResponse("crc-token-123", SECRET)).toEqual({
      response_token: "sha256=m3yscIcSwL62BbDuWy/k/ml4+4Yfj3c0hep3IWko1Ws=",
    });
    expect(crcResponse("another", "s2").response_token).toBe(independent("s2", "another"));
  });
});

describe("webhook signatures", () => {
  const body = '{"for_user_id":"2244994945","event":"dm.received"}';

  it("signs the raw body bytes (a fixed vector, and node:crypto independently)", () => {
    expect(WEBHOOK_SIGNATURE_HEADER).toBe("x-twitter-webhooks-signature");
    expect(signWebhookBody(body, SECRET)).toBe(
      "sha256=T3Q/Y0IgRhPKHSGF+6CGA4tlbRUI+yaxly0Rq8wUFow=",
    );
    const bytes = new TextEncoder().encode('{"text":"héllo ✓"}');
    expect(signWebhookBody(bytes, SECRET)).toBe(independent(SECRET, bytes));
    expect(signWebhookBody(new TextDecoder().decode(bytes), SECRET)).toBe(
      independent(SECRET, bytes),
    );
  });

  it("verifies a genuine delivery, as text or as bytes", () => {
    const header = independent(SECRET, body);
    expect(verifyWebhookSignature(body, header, SECRET)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), header, SECRET)).toBe(true);
    expect(verifyWebhookSignature(body, ` ${header} `, SECRET)).toBe(true);
  });

  it("refuses a tampered body and a wrong secret", () => {
    const header = signWebhookBody(body, SECRET);
    expect(verifyWebhookSignature(body.replace("2244994945", "2244994946"), header, SECRET)).toBe(
      false,
    );
    expect(verifyWebhookSignature(`${body} `, header, SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, header, "another-secret")).toBe(false);
  });

  it("is false, never throwing, for a missing or malformed header", () => {
    const good = signWebhookBody(body, SECRET);
    const digest = good.slice("sha256=".length);
    for (const header of [
      undefined,
      "",
      "sha256=",
      digest,
      `sha1=${digest}`,
      `SHA256=${digest}`,
      `sha256=${digest.slice(0, -2)}=`,
      `sha256=${digest}AAAA`,
      `sha256=${"!".repeat(43)}=`,
      `sha256=${Buffer.from(digest, "base64").toString("hex")}`,
      [good, good],
    ]) {
      expect(verifyWebhookSignature(body, header, SECRET)).toBe(false);
    }
  });

  it("verify(sign(x)) holds for any body and secret", () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.string({ minLength: 1 }), (bytes, secret) =>
        verifyWebhookSignature(bytes, signWebhookBody(bytes, secret), secret),
      ),
    );
  });

  it("any single-byte change of the body is refused", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, at, delta) => {
          const header = signWebhookBody(bytes, SECRET);
          const changed = Uint8Array.from(bytes);
          const index = at % changed.length;
          changed[index] = ((changed[index] ?? 0) + delta) % 256;
          return !verifyWebhookSignature(changed, header, SECRET);
        },
      ),
    );
  });

  it("any single-byte change of the signature is refused", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.integer({ min: 1, max: 255 }), (text, at, delta) => {
        const digest = Buffer.from(signWebhookBody(text, SECRET).slice(7), "base64");
        const index = at % digest.length;
        digest[index] = ((digest[index] ?? 0) + delta) % 256;
        return !verifyWebhookSignature(text, `sha256=${digest.toString("base64")}`, SECRET);
      }),
    );
  });
});
