import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The signature header of a delivery, as the Account Activity API names it (issue 18; spec §6
 * shows no signing): `sha256=` + base64 HMAC-SHA256 of the exact body bytes, keyed by the
 * app's consumer secret. rest-client's `verifyWebhookSignature` checks it.
 */
export const SIGNATURE_HEADER = "x-twitter-webhooks-signature";

/** Set on deliveries of a replay job (the body's `replay_job_id` says the same, signed). */
export const REPLAY_HEADER = "x-adsgraph-replay-job-id";

function sha256Base64(secret: string, message: string): string {
  return `sha256=${createHmac("sha256", secret).update(message).digest("base64")}`;
}

export function signBody(body: string, consumerSecret: string): string {
  return sha256Base64(consumerSecret, body);
}

/** A fresh challenge for the CRC check (random, URL-safe). */
export function newCrcToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Whether `answer` is the CRC response to `crcToken`: `sha256=` + base64 HMAC of the token. */
export function isCrcAnswer(answer: string, crcToken: string, consumerSecret: string): boolean {
  const expected = Buffer.from(sha256Base64(consumerSecret, crcToken));
  const given = Buffer.from(answer);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
