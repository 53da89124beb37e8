import { hash } from "node:crypto";
import { jsonDepthExceeds } from "@adsgraph/models";

const BODY_FIELDS: ReadonlySet<string> = new Set(["query", "variables", "operationName"]);
const SHA256_HEX = /^[0-9a-f]{64}$/;

// One-shot hashes: no Hash object per request.
const sha256 = (text: string) => hash("sha256", text, "hex");

/**
 * A body's text longer than this is hashed into the key rather than kept whole: a key's size
 * stays bounded whatever the document (a key is held beside its answer and counted in its bytes).
 */
export const RAW_KEY_MAX_CHARS = 2048;

/**
 * The document a body names: the SHA-256 of its `query`, or, where automatic persisted queries
 * are on (shared mode), the `sha256Hash` of its `extensions.persistedQuery` alone. A body
 * carrying both whose hash is not its query's is left to Apollo (which refuses it). Null for
 * anything else.
 */
function documentOf(fields: Record<string, unknown>, persistedQueries: boolean): string | null {
  const { query, extensions } = fields;
  if (query !== undefined && typeof query !== "string") return null;
  if (extensions === undefined) return query === undefined ? null : sha256(query);
  if (!persistedQueries || typeof extensions !== "object" || extensions === null) return null;
  const keys = Object.keys(extensions);
  if (keys.length !== 1 || keys[0] !== "persistedQuery") return null;
  const persisted = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (typeof persisted !== "object" || persisted === null) return null;
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  if (Object.keys(persisted).length !== 2 || version !== 1) return null;
  if (typeof sha256Hash !== "string" || !SHA256_HEX.test(sha256Hash)) return null;
  if (query !== undefined && sha256(query) !== sha256Hash) return null;
  return sha256Hash;
}

/** Variables nested deeper than this are never cached: no answer worth caching needs them. */
const MAX_VARIABLES_DEPTH = 64;

export interface KeyOptions {
  /**
   * The body's JSON text as sent (`jsonBodyText`): without persisted queries the key holds it
   * (or its hash past RAW_KEY_MAX_CHARS) instead of a hash of the parsed fields, so a repeat
   * costs one map lookup. The same request sent with other spacing or field order is a key of
   * its own (a miss, never a wrong answer).
   */
  text?: string | undefined;
  /** Automatic persisted queries are on (shared mode): a hash alone names a document too. */
  persistedQueries?: boolean;
}

/**
 * The cache key of a GraphQL POST body for a user, or null when the body is anything but a
 * plain `{ query, variables?, operationName? }` (Apollo then answers it, errors included); with
 * `persistedQueries` (shared mode) an automatic persisted query's `extensions` may come too, and
 * a document sent whole or by its hash shares one key. The `accept` header chooses the
 * response's content type, so it is part of the key. A key's size is bounded whatever the
 * document.
 */
export function responseCacheKey(
  userId: string,
  accept: string | undefined,
  body: unknown,
  { text, persistedQueries = false }: KeyOptions = {},
): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  for (const name in body) {
    if (!BODY_FIELDS.has(name) && !(persistedQueries && name === "extensions")) return null;
  }
  const fields = body as Record<string, unknown>;
  const { query, variables, operationName } = fields;
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== "object" || Array.isArray(variables))
  )
    return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string")
    return null;
  if (!persistedQueries && text !== undefined) {
    if (typeof query !== "string") return null;
    // Neither a user id (digits) nor a header value holds a line feed: the parts cannot run together.
    const raw = `${userId}\n${accept ?? ""}\n${text}`;
    return text.length <= RAW_KEY_MAX_CHARS ? `=${raw}` : `#${hash("sha256", raw, "base64url")}`;
  }
  if (jsonDepthExceeds(variables, MAX_VARIABLES_DEPTH)) return null;
  const document = documentOf(fields, persistedQueries);
  if (document === null) return null;
  // A parsed JSON body no deeper than the bound: no cycles, bigints or overflow; cannot throw.
  const normalized = JSON.stringify([
    userId,
    accept ?? "",
    operationName ?? null,
    variables ?? null,
    document,
  ]);
  return `#${hash("sha256", normalized, "base64url")}`;
}
