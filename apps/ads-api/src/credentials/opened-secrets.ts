import type { SecretBox } from "@adsgraph/storage";

/** Default bound: far more apps and tokens than one process serves at once. */
const MAX_ENTRIES = 10_000;

/**
 * Secrets opened from their sealed text, kept by that text: opening (AES-GCM) on every request
 * cost more than the signature check. The sealed text is read from the database on every
 * request, so a rotated or removed secret is never answered from here; only its plaintext is
 * reused. Cleared whole when full (cheap, and a miss costs one decryption).
 */
export class OpenedSecrets {
  readonly #box: SecretBox;
  readonly #opened = new Map<string, string>();

  constructor(box: SecretBox) {
    this.#box = box;
  }

  open(sealed: string): string {
    const known = this.#opened.get(sealed);
    if (known !== undefined) return known;
    const secret = this.#box.open(sealed);
    if (this.#opened.size >= MAX_ENTRIES) this.#opened.clear();
    this.#opened.set(sealed, secret);
    return secret;
  }
}
