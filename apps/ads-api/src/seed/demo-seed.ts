import type { SecretBox } from "@adsgraph/storage";
import type { PrismaClient } from "../db/database.js";
import { createApp } from "../credentials/apps.js";
import { issueAccessToken } from "../credentials/tokens.js";
import { createUser } from "../credentials/users.js";
import { seedAccount } from "./demo-account.js";
import { seedDemoAudiences } from "./demo-audiences.js";
import { DEMO } from "./demo-credentials.js";
import { seedDemoPosts } from "./demo-posts.js";

const SEED_KEY = "demo_seed";
const SEED_VERSION = "1";
/** The posts step (issue 16) has its own mark: it also runs on databases seeded before it. */
const POSTS_KEY = "demo_posts";
/** So has the audiences step (issue 17). */
const AUDIENCES_KEY = "demo_audiences";
const DAY_MS = 86_400_000;

/**
 * Seeds the demo data set once (a `meta` row marks it; the whole seed is one transaction):
 * the demo app and user with a fixed access token, two sandbox accounts where the user is
 * ACCOUNT_ADMIN, funding instruments, campaigns, media and cards of each kind. Then, once per
 * database under a mark of its own each, the demo posts (`demo-posts.ts`) and the demo
 * audiences (`demo-audiences.ts`). Returns false when the data set had already been seeded
 * (whether or not a later step ran now).
 */
export async function seedDemo(
  prisma: PrismaClient,
  box: SecretBox,
  now = new Date(),
): Promise<boolean> {
  const seeded = await seedDemoSet(prisma, box, now);
  if ((await prisma.meta.findUnique({ where: { key: POSTS_KEY } })) === null) {
    await prisma.$transaction(async (tx) => {
      await seedDemoPosts(tx, now);
      await tx.meta.create({ data: { key: POSTS_KEY, value: SEED_VERSION } });
    });
  }
  if ((await prisma.meta.findUnique({ where: { key: AUDIENCES_KEY } })) === null) {
    await prisma.$transaction(async (tx) => {
      await seedDemoAudiences(tx, now);
      await tx.meta.create({ data: { key: AUDIENCES_KEY, value: SEED_VERSION } });
    });
  }
  return seeded;
}

async function seedDemoSet(prisma: PrismaClient, box: SecretBox, now: Date): Promise<boolean> {
  if ((await prisma.meta.findUnique({ where: { key: SEED_KEY } })) !== null) return false;
  await prisma.$transaction(async (tx) => {
    const user = await createUser(tx, DEMO.user);
    const { app } = await createApp(tx, box, {
      name: DEMO.app.name,
      ownerId: user.id,
      callbackUrls: DEMO.app.callbackUrls,
      signInWith: true,
      consumerKey: DEMO.app.consumerKey,
      consumerSecret: DEMO.app.consumerSecret,
    });
    await issueAccessToken(
      tx,
      { box },
      {
        appId: app.id,
        userId: user.id,
        accessType: "write",
        token: DEMO.accessToken.token,
        secret: DEMO.accessToken.secret,
      },
    );
    for (const [index, account] of DEMO.accounts.entries()) {
      await seedAccount(
        tx,
        user.id,
        account,
        index,
        new Date(now.getTime() - (30 - index) * DAY_MS),
      );
    }
    await tx.meta.create({ data: { key: SEED_KEY, value: SEED_VERSION } });
  });
  return true;
}
