import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const FORMAT = "v2";
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** One AES-256 key with a short id that sealed values name, so keys can rotate. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** Encrypts secrets at rest (AES-256-GCM) under a keyring: the first key seals, any opens. */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** True when a value was sealed with a key other than the current one (re-seal it). */
  isStale(sealed: string): boolean;
}

export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

/**
 * Parses a keyring from text: comma-separated keys, the current one first; each key is 64 hex
 * digits or base64 of 32 bytes, optionally `id:key`. Without an id, a key's id is derived from
 * the key (first 8 hex digits of its SHA-256), so the same text always gives the same ids.
 * Rotation: put the new key first and keep the old ones until every row is re-sealed.
 */
export function parseKeyring(text: string): SecretKey[] {
  const keys = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const colon = part.indexOf(":");
      const raw = colon === -1 ? part : part.slice(colon + 1);
      const key = parseKey(raw);
      const id =
        colon === -1
          ? createHash("sha256").update(key).digest("hex").slice(0, 8)
          : part.slice(0, colon);
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) {
        throw new SecretBoxError("a key id must be 1 to 32 letters, digits, '-' or '_'");
      }
      return { id, key };
    });
  if (keys.length === 0) throw new SecretBoxError("the keyring holds no key");
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new SecretBoxError("two keys of the keyring share an id");
  }
  return keys;
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, "hex")
    : Buffer.from(text, "base64");
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(
      `an encryption key must be ${KEY_BYTES} bytes (64 hex digits or base64)`,
    );
  }
  return key;
}

/** A fresh random key as 64 hex digits (for a dev keyring file or an operator's new key). */
export function generateKeyText(): string {
  return randomBytes(KEY_BYTES).toString("hex");
}

/** Sealed form: `v2.<keyId>.<iv>.<tag>.<ciphertext>`, binary parts in base64url. */
export function createSecretBox(keyring: readonly SecretKey[]): SecretBox {
  const current = keyring[0];
  if (!current) throw new SecretBoxError("the keyring holds no key");
  const byId = new Map(keyring.map((k) => [k.id, k.key]));
  const parse = (sealed: string) => {
    const [format, keyId, iv, tag, data] = sealed.split(".");
    if (
      format !== FORMAT ||
      !keyId ||
      iv === undefined ||
      tag === undefined ||
      data === undefined
    ) {
      throw new SecretBoxError("not a sealed secret of this service");
    }
    return { keyId, iv, tag, data };
  };
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current.key, iv);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url"));
      return [FORMAT, current.id, ...parts].join(".");
    },
    open(sealed) {
      const { keyId, iv, tag, data } = parse(sealed);
      const key = byId.get(keyId);
      if (!key)
        throw new SecretBoxError(`the key "${keyId}" that sealed this value is not in the keyring`);
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([
          decipher.update(Buffer.from(data, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new SecretBoxError("a sealed value failed its integrity check");
      }
    },
    isStale(sealed) {
      return parse(sealed).keyId !== current.id;
    },
  };
}
