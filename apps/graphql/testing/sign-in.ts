import { DEMO } from "@adsgraph/ads-api";
import type { Server } from "../src/server.js";

/**
 * A session of `user` over its ads-api access token, as the PIN sign-in ends it (default: the
 * seeded demo user and token); its token, sent as `Authorization: Bearer <token>`.
 */
export async function signIn(
  facade: Pick<Server, "services">,
  user: { readonly id: string; readonly screenName: string } = DEMO.user,
  accessToken: { readonly token: string; readonly secret: string } = DEMO.accessToken,
): Promise<string> {
  const { token } = await facade.services.sessions.create({
    userId: user.id,
    screenName: user.screenName,
    accessToken: accessToken.token,
    accessTokenSecret: accessToken.secret,
  });
  return token;
}
