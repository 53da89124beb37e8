import { z } from "zod";

/** A facade session from its PIN sign-in (`POST /auth/pin/complete`). */
const facadeSession = z.object({
  /** The facade's base URL: the token is only ever sent there. */
  url: z.string().min(1),
  sessionToken: z.string().min(1),
  userId: z.string().regex(/^\d+$/),
  screenName: z.string().min(1),
  expiresAt: z.string().min(1),
});

/** OAuth 1.0a user credentials of the ads API (`login --api`), for what goes there directly. */
const apiCredentials = z.object({
  baseUrl: z.string().min(1),
  adsUrl: z.string().min(1),
  consumerKey: z.string().min(1),
  consumerSecret: z.string().min(1),
  token: z.string().min(1),
  tokenSecret: z.string().min(1),
  userId: z.string().regex(/^\d+$/),
  screenName: z.string().min(1),
});

export const credentialsSchema = z.object({
  version: z.literal(1),
  facade: facadeSession.optional(),
  api: apiCredentials.optional(),
});

export type Credentials = z.infer<typeof credentialsSchema>;
export type FacadeSession = z.infer<typeof facadeSession>;
export type ApiCredentials = z.infer<typeof apiCredentials>;

export const NO_CREDENTIALS: Credentials = { version: 1 };
