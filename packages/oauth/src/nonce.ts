import { randomFillSync } from "node:crypto";
import { OAuthErrorCode, OAuthProtocolError } from "./errors.js";
import type { Clock } from "./types.js";

/** Printable ASCII, the only characters a nonce may use (spec §4.1: "oauth_nonce (ASCII only)"). */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** Nonces longer than this are refused by the verifier: they would only bloat the replay store. */
export const MAX_NONCE_LENGTH = 255;

const NONCE_BYTES = 24;
/**
 * Random bytes for the next 64 nonces, drawn from the CSPRNG in one call: one draw per call
 * cost more than the rest of the nonce. Each byte is used once; nonces are sent in clear, so
 * holding the next ones in memory reveals nothing a request will not.
 */
const pool = Buffer.alloc(NONCE_BYTES * 64);
let poolOffset = pool.length;

/**
 * A fresh nonce: 24 bytes from the CSPRNG as 48 lower-case hex characters (ASCII, unreserved,
 * 192 bits), so it never needs encoding and cannot repeat in practice (RFC 5849 §3.3).
 */
export function generateNonce(): string {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString("hex", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** True when a nonce is 1 to 255 printable ASCII characters. */
export function isValidNonce(nonce: string): boolean {
  return nonce.length <= MAX_NONCE_LENGTH && PRINTABLE_ASCII.test(nonce);
}

/** Throws when an injected nonce source returns something the spec forbids. */
export function assertValidNonce(nonce: string): void {
  if (!isValidNonce(nonce)) {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "oauth_nonce must be 1 to 255 printable ASCII characters",
    );
  }
}

/** RFC 5849 §3.3: seconds since the epoch, a whole number. */
export function timestampSeconds(clock: Clock = Date.now): number {
  return Math.floor(clock() / 1000);
}
