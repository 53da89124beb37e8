import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares two secrets in constant time. Both sides are hashed first so the buffers handed to
 * `timingSafeEqual` always have the same length: neither a length mismatch nor a common prefix
 * shows in the timing.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const digestA = createHash("sha256").update(a, "utf8").digest();
  const digestB = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(digestA, digestB) && a.length === b.length;
}

/**
 * Compares a signature the server computed (`expected`, whose length is public: a base64
 * HMAC) with one a client sent, in time that depends on neither's content: string equality,
 * without the two digests `constantTimeEqual` makes. Unequal byte lengths answer false at once.
 */
export function signatureEqual(expected: string, sent: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(sent, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
