import { z } from "zod";
import { digitId } from "../scalars.js";

/** spec §4.1 request_token: form-encoded answer. */
export const requestTokenResultSchema = z.looseObject({
  oauth_token: z.string(),
  oauth_token_secret: z.string(),
  oauth_callback_confirmed: z.literal("true"),
});
export type RequestTokenResult = z.output<typeof requestTokenResultSchema>;

/** spec §4.1 access_token: form-encoded answer; user_id is a digit id (§2.1). */
export const accessTokenResultSchema = z.looseObject({
  oauth_token: z.string(),
  oauth_token_secret: z.string(),
  user_id: digitId,
  screen_name: z.string(),
});
export type AccessTokenResult = z.output<typeof accessTokenResultSchema>;

/** spec §4.1 /oauth2/token. */
export const bearerTokenResultSchema = z.looseObject({
  token_type: z.literal("bearer"),
  access_token: z.string(),
});
export type BearerTokenResult = z.output<typeof bearerTokenResultSchema>;

/** spec §4.1: both invalidate calls answer `{access_token}`. */
export const invalidatedTokenResultSchema = z.looseObject({ access_token: z.string() });
export type InvalidatedTokenResult = z.output<typeof invalidatedTokenResultSchema>;

/** spec §4.1 authorize / authenticate: a browser page or redirect, not an API answer. */
export const htmlPageSchema = z.string();
