import { readBearerAuthorization } from "@adsgraph/oauth";
import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "./cookies.js";

/** The session token a request carries: `Authorization: Bearer <token>`, else the cookie. */
export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) return readBearerAuthorization(header) ?? null;
  return request.cookies[SESSION_COOKIE] ?? null;
}
