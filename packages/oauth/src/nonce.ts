import { randomBytes } from "node:crypto";
import { OAuthErrorCode, OAuthProtocolError } from "./errors.js";
import type { Clock } from "./types.js";

/** Printable ASCII, the only characters a nonce may use (spec §4.1: "oauth_nonce (ASCII only)"). */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** Nonces longer than this are refused by the verifier: they would only bloat the replay store. */
export const MAX_NONCE_LENGTH = 255;

/**
 * A fresh nonce: 24 bytes from the CSPRNG as 48 lower-case hex characters (ASCII, unreserved,
 * 192 bits), so it never needs encoding and cannot repeat in practice (RFC 5849 §3.3).
 */
export function generateNonce(): string {
  return randomBytes(24).toString("hex");
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
