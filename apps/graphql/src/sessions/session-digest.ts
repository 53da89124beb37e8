import { createHash } from "node:crypto";

/**
 * What names a session between replicas and to its watchers (WebSockets): the SHA-256 of its
 * id. The id grants nothing, but nothing about a session leaves the process that need not.
 */
export function sessionDigest(sessionId: string): string {
  return createHash("sha256").update(`session:${sessionId}`).digest("hex");
}
