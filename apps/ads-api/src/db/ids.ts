import { randomInt } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
/** Ids before this moment are not issued; keeps digit ids at a realistic 18-19 digits. */
const EPOCH_MS = 1_288_834_974_657n;
const RANDOM_BITS = 22n;
let lastDigitId = 0n;

/** spec §2.1: advertising ids are short alphanumeric strings. */
export function newAdsId(length = 8): string {
  let id = ALPHABET[randomInt(10, ALPHABET.length)] ?? "a";
  for (let index = 1; index < length; index += 1) id += ALPHABET[randomInt(ALPHABET.length)] ?? "0";
  return id;
}

/**
 * A long digit id (users, cards, media keys): time-ordered like the platform's, strictly
 * increasing within this process, always a string (they exceed 2^53, spec §2.1).
 */
export function newDigitId(now = Date.now()): string {
  const time = BigInt(now) - EPOCH_MS;
  let id = (time << RANDOM_BITS) | BigInt(randomInt(0, 1 << 22));
  if (id <= lastDigitId) id = lastDigitId + 1n;
  lastDigitId = id;
  return id.toString();
}

/** A media key `<category digits>_<digits>` (spec §2.6): 3 images, 13 videos, 16 GIFs. */
export function newMediaKey(mediaType: "IMAGE" | "VIDEO" | "GIF"): string {
  const prefix = mediaType === "VIDEO" ? "13" : mediaType === "GIF" ? "16" : "3";
  return `${prefix}_${newDigitId()}`;
}
