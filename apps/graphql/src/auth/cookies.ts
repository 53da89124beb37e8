import type { CookieSerializeOptions } from "@fastify/cookie";

export const SESSION_COOKIE = "adsgraph_session";
/** Binds a sign-in to the browser that started it (login CSRF). */
export const LOGIN_COOKIE = "adsgraph_login";

/** HttpOnly and SameSite=Lax: scripts never see the token, other sites never send it on a POST. */
export function cookieOptions(
  publicUrl: string,
  maxAgeSeconds: number,
  path = "/",
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: "lax",
    secure: publicUrl.startsWith("https:"),
    path,
    maxAge: maxAgeSeconds,
  };
}
