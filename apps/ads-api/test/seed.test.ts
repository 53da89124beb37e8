import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext } from "../src/create-context.js";
import { resealSecrets } from "../src/credentials/reseal.js";
import { createActor } from "./support/actors.js";
import { DEMO } from "../src/seed/demo-credentials.js";
import { seedBench } from "../src/seed/bench-seed.js";
import { seedDemo } from "../src/seed/demo-seed.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient } from "./support/signed-fetch.js";
import { idsOf, itemsOf } from "./support/bodies.js";

describe("seeds", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("pglite");
  });
  afterAll(() => server.close());

  it("seeds the demo data set once, and its credentials work", async () => {
    expect(await seedDemo(server.ctx.prisma, server.ctx.box)).toBe(true);
    expect(await seedDemo(server.ctx.prisma, server.ctx.box)).toBe(false);
    const client = new AdsClient(server.urls, {
      consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
      token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
    });
    const accounts = await client.get("/12/accounts");
    // The two full demo accounts, then issue 17's account of another business.
    expect(idsOf(accounts)).toEqual([
      ...DEMO.accounts.map((account) => account.id),
      DEMO.otherBusinessAccount.id,
    ]);
    const account = DEMO.accounts[1].id;
    for (const [path, minimum] of [
      ["funding_instruments", 3],
      ["campaigns", 4],
      ["account_media", 4],
      ["cards", 4],
      ["cards/poll", 2],
      ["cards/video_conversation", 1],
      ["cards/image_conversation", 1],
      ["account_apps", 2],
    ] as const) {
      const response = await client.get(`/12/accounts/${account}/${path}`);
      expect(response.status, path).toBe(200);
      expect(itemsOf(response).length, path).toBeGreaterThanOrEqual(minimum);
    }
    const cardTypes = itemsOf(await client.get(`/12/accounts/${account}/cards`)).map(
      (card) => card.card_type,
    );
    expect(cardTypes).toEqual([
      "VIDEO_WEBSITE",
      "IMAGE_APP",
      "IMAGE_CAROUSEL_WEBSITE",
      "IMAGE_MULTI_DEST_CAROUSEL_WEBSITE",
    ]);
    // Secrets are stored encrypted or hashed, never as given.
    const app = await server.ctx.prisma.app.findUniqueOrThrow({
      where: { consumerKey: DEMO.app.consumerKey },
    });
    expect(app.consumerSecretEnc).not.toContain(DEMO.app.consumerSecret);
    const tokens = await server.ctx.prisma.accessToken.findMany();
    expect(JSON.stringify(tokens)).not.toContain(DEMO.accessToken.token);
    expect(JSON.stringify(tokens)).not.toContain(DEMO.accessToken.secret);
    const user = await server.ctx.prisma.user.findUniqueOrThrow({ where: { id: DEMO.user.id } });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
  });

  it("re-seals stored secrets after a key rotation; signatures keep verifying", async () => {
    const actor = await createActor(server.ctx);
    const rotated = createContext({
      db: server.db,
      config: server.ctx.config,
      secretKey: [
        { id: "new", key: randomBytes(32) },
        { id: "k1", key: server.secretKey },
      ],
    });
    expect(await resealSecrets(rotated)).toBeGreaterThan(0);
    expect(await resealSecrets(rotated)).toBe(0);
    const app = await server.ctx.prisma.app.findUniqueOrThrow({ where: { id: actor.appId } });
    expect(app.consumerSecretEnc.split(".")[1]).toBe("new");
    expect(rotated.box.open(app.consumerSecretEnc)).toBe(actor.consumerSecret);
  });

  it("generates deterministic bench data with bulk inserts", async () => {
    const options = {
      campaigns: 300,
      fundingInstruments: 7,
      cards: 20,
      seed: 3,
      grantUserIds: [DEMO.user.id],
    };
    const first = await seedBench(server.ctx.prisma, { ...options, accountId: "benchA" });
    expect(first).toMatchObject({ campaigns: 300, fundingInstruments: 7, cards: 20 });
    const snapshot = async (accountId: string) =>
      (
        await server.ctx.prisma.campaign.findMany({
          where: { accountId },
          orderBy: { createdAt: "asc" },
        })
      ).map((row) => [
        row.id.slice(accountId.length),
        row.name,
        row.entityStatus,
        String(row.dailyBudgetAmountLocalMicro),
      ]);
    const before = await snapshot("benchA");
    await seedBench(server.ctx.prisma, { ...options, accountId: "benchA" });
    expect(await snapshot("benchA")).toEqual(before);
    expect(await server.ctx.prisma.campaign.count({ where: { accountId: "benchA" } })).toBe(300);
    expect(await server.ctx.prisma.card.count({ where: { accountId: "benchA" } })).toBe(20);
  });
});
