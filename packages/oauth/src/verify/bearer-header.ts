/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1), or undefined when
 * there is no header or it names another scheme. The token is not checked here: its issuer
 * looks it up.
 */
export function readBearerAuthorization(value: string | undefined): string | undefined {
  return value === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1];
}
