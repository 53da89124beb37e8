import { createHash } from "node:crypto";

const BODY_FIELDS: ReadonlySet<string> = new Set(["query", "variables", "operationName"]);

/**
 * The cache key of a GraphQL POST body for a user, or null when the body is anything but a
 * plain `{ query, variables?, operationName? }` (Apollo then answers it, errors included). The
 * `accept` header chooses the response's content type, so it is part of the key. Hashed, so a
 * key's size does not grow with the document.
 */
export function responseCacheKey(
  userId: string,
  accept: string | undefined,
  body: unknown,
): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  for (const name of Object.keys(body)) if (!BODY_FIELDS.has(name)) return null;
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== "string") return null;
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== "object" || Array.isArray(variables))
  )
    return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string")
    return null;
  // A parsed JSON body: no cycles or bigints, so this cannot throw.
  const text = JSON.stringify([
    userId,
    accept ?? "",
    operationName ?? null,
    variables ?? null,
    query,
  ]);
  return createHash("sha256").update(text).digest("base64url");
}
