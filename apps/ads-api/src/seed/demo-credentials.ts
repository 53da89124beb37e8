/**
 * DEV-ONLY demo credentials, fixed so that apps/graphql and local tools can use them out of
 * the box. Anyone who reads this file knows them: never seed a reachable deployment with them
 * (set ADS_API_SEED=false).
 */
export const DEMO = {
  app: {
    name: "adsgraph demo (dev only)",
    consumerKey: "adsgraph-demo-consumer-key",
    consumerSecret: "adsgraph-demo-consumer-secret-DEV-ONLY",
    callbackUrls: ["http://127.0.0.1:4000/auth/callback", "http://localhost:4000/auth/callback"],
  },
  user: {
    id: "1400000000000000001",
    screenName: "adsgraph_demo",
    password: "demo-password-DEV-ONLY",
  },
  /**
   * "Another user" for tests and demos (issue 16): not a promotable user of any demo account
   * and holds no role; has a published post and media in the demo libraries.
   */
  friend: {
    id: "1400000000000000002",
    screenName: "adsgraph_friend",
    password: "friend-password-DEV-ONLY",
  },
  accessToken: {
    token: "1400000000000000001-adsgraphDemoAccessTokenDEVONLY",
    secret: "adsgraph-demo-access-token-secret-DEV-ONLY",
  },
  accounts: [
    { id: "dmo1ab", name: "Demo Coffee Roasters (sandbox)" },
    { id: "dmo2cd", name: "Demo Outdoor Gear (sandbox)" },
  ],
  /**
   * Issue 17's audiences step (demo-audiences.ts): the two accounts above share a business; this
   * one, administered by the demo user too, is of another business, so that sharing an audience
   * with it is refused (it holds audiences, a funding instrument and nothing else).
   */
  otherBusinessAccount: { id: "dmo3ef", name: "Demo Tea House (sandbox)" },
} as const;

/** The lines printed at start (and by `cli -- demo-credentials`). */
export function demoCredentialLines(): string[] {
  return [
    "Demo credentials (DEV ONLY, fixed values from src/seed/demo-credentials.ts):",
    `  consumer key:        ${DEMO.app.consumerKey}`,
    `  consumer secret:     ${DEMO.app.consumerSecret}`,
    `  access token:        ${DEMO.accessToken.token}`,
    `  access token secret: ${DEMO.accessToken.secret}`,
    `  user:                @${DEMO.user.screenName} (id ${DEMO.user.id}), password ${DEMO.user.password}`,
    `  accounts:            ${DEMO.accounts.map((account) => account.id).join(", ")} (ACCOUNT_ADMIN, POST_COMPOSER), ${DEMO.otherBusinessAccount.id} (ACCOUNT_ADMIN, another business)`,
    `  another user:        @${DEMO.friend.screenName} (id ${DEMO.friend.id}), password ${DEMO.friend.password}`,
  ];
}
