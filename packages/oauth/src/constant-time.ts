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
