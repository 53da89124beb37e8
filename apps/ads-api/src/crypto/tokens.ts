import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A random credential: `bytes` of CSPRNG output in base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored as SHA-256 hashes and looked up by them. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** A PIN for out-of-band authorization (spec §4.1 `oob`): 7 digits. */
export function randomPin(): string {
  return String(randomInt(0, 10_000_000)).padStart(7, "0");
}

export function hmacBase64url(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value, "utf8").digest("base64url");
}

/** Compares two strings in constant time (different lengths compare unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}
