import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "./cookies.js";

/** The session token a request carries: `Authorization: Bearer <token>`, else the cookie. */
export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ?? null;
  }
  return request.cookies[SESSION_COOKIE] ?? null;
}
