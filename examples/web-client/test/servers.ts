import { DEMO } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import { buildServer, loadEnv, openDatabase } from "@adsgraph/graphql";
import { createTestTarget, generateKeyText } from "@adsgraph/storage";

/** The test PostgreSQL (README "Configuration"): PGlite takes ~10 s per database to start. */
const ENGINE = "postgresql";

/**
 * The real ads-api (three host roles on port 0, seeded with the demo data) and the real
 * facade pointed at it, both on loopback, with a session of the demo user.
 */
export async function startServers(): Promise<{
  url: string;
  headers: Record<string, string>;
  accountId: string;
  close: () => Promise<void>;
}> {
  const ads = await startAdsApi({ engine: ENGINE, name: "web_client_ads" });

  const facadeTarget = await createTestTarget(ENGINE, "web_client");
  const db = await openDatabase(facadeTarget.target);
  const env = loadEnv({
    LOG_LEVEL: "silent",
    SESSION_ENCRYPTION_KEYS: generateKeyText(),
    DEV_SESSION: "false",
    ...ads.env,
  });
  const { app, services } = await buildServer({ db, env });
  const url = `${await app.listen({ host: "127.0.0.1", port: 0 })}/graphql`;
  const { token } = await services.sessions.create({
    userId: DEMO.user.id,
    screenName: DEMO.user.screenName,
    accessToken: DEMO.accessToken.token,
    accessTokenSecret: DEMO.accessToken.secret,
  });
  return {
    url,
    headers: { authorization: `Bearer ${token}` },
    accountId: DEMO.accounts[0].id,
    close: async () => {
      await app.close();
      await db.close();
      await facadeTarget.drop();
      await ads.close();
    },
  };
}
