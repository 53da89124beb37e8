import type { IncomingHttpHeaders } from "node:http";

/** Content types a cross-site form or `fetch` may send without a CORS preflight. */
const SIMPLE_CONTENT_TYPES = new Set([
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
]);

/** Apollo Server's CSRF headers: any non-empty value makes a request non-simple. */
export const PREFLIGHT_HEADERS = ["apollo-require-preflight", "x-apollo-operation-name"] as const;

/** What a refused request is told to send instead. */
export const PREFLIGHT_HINT =
  "send `content-type: application/json` (with a JSON body such as `{}`) or a non-empty " +
  "`apollo-require-preflight` header";

/**
 * True when a browser could have sent this request from another site without asking the
 * server first (a CORS "simple" request): no content type, or one a form can send, and none
 * of the preflight headers. The same rule Apollo Server applies to `/graphql`.
 */
export function couldBeCrossSite(headers: IncomingHttpHeaders): boolean {
  const contentType = headers["content-type"];
  if (contentType !== undefined) {
    const semicolon = contentType.indexOf(";");
    const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon))
      .trim()
      .toLowerCase();
    if (!SIMPLE_CONTENT_TYPES.has(essence)) return false;
  }
  return !PREFLIGHT_HEADERS.some((name) => {
    const value = headers[name];
    return typeof value === "string" && value.length > 0;
  });
}
