import { createTestTarget, TEST_ENGINES } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";
import type { Database } from "../src/db/database.js";
import { claimDue, markDead, markDelivered } from "../src/delivery/webhook-queue.js";
import { PRUNE_BATCH, pruneFinished } from "../src/delivery/webhook-retention.js";

const T0 = new Date("2026-11-29T12:00:00.000Z");
const LEASE_MS = 15_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

/**
 * The delivery queue's storage rules (issue 34) on each engine, with two claimers over one
 * database standing for two ads-api processes: the per-webhook bound holds between them, a lease
 * that ran out frees its row, a late attempt cannot overwrite a newer one, and the retention
 * prunes finished rows only.
 */
describe.each(TEST_ENGINES)("the webhook delivery store on %s", (engine) => {
  let target: TestTarget;
  let db: Database;
  let nextWebhook = 0;

  beforeAll(async () => {
    target = await createTestTarget(engine, "webhookstore");
    db = await openDatabase(target.target);
    await db.prisma.user.create({
      data: { id: "1", screenName: "owner", screenNameLower: "owner", passwordHash: "x" },
    });
    await db.prisma.app.create({
      data: {
        id: "1",
        name: "app",
        consumerKey: "key",
        consumerSecretEnc: "sealed",
        callbackUrls: [],
        ownerId: "1",
      },
    });
  });
  afterAll(async () => {
    await db.close();
    await target.drop();
  });

  async function webhookWith(pending: number): Promise<bigint> {
    nextWebhook += 1;
    const hook = await db.prisma.webhook.create({
      data: { appId: "1", url: `https://hooks.example/${nextWebhook}`, valid: true, createdAt: T0 },
    });
    await db.prisma.webhookDelivery.createMany({
      data: Array.from({ length: pending }, (_, index) => ({
        webhookId: hook.id,
        eventId: BigInt(index + 1),
        nextAttemptAt: T0,
      })),
    });
    return hook.id;
  }

  const claim = (webhookId: bigint, now: Date, want: number) =>
    claimDue(db.prisma, webhookId, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      perWebhook: 2,
      want,
    });

  it("lets two claimers of one webhook take at most its bound between them, in queue order", async () => {
    const webhookId = await webhookWith(6);
    const [first, second] = await Promise.all([claim(webhookId, T0, 3), claim(webhookId, T0, 3)]);
    const taken = [...first, ...second];
    expect(taken.map((row) => row.eventId).sort()).toEqual([1n, 2n]);
    expect(taken.every((row) => row.attempts === 1)).toBe(true);
    // Both slots are held until the leases run out.
    expect(await claim(webhookId, at(LEASE_MS - 1), 3)).toEqual([]);
    // Then the holders count as dead: two more, the longest-waiting first (never tried ones).
    const after = await claim(webhookId, at(LEASE_MS + 1), 3);
    expect(after.map((row) => row.eventId)).toEqual([3n, 4n]);
  });

  it("tries a row again after its lease ran out, and ignores the late outcome of the old attempt", async () => {
    const webhookId = await webhookWith(1);
    const [stale] = await claim(webhookId, T0, 1);
    const [fresh] = await claim(webhookId, at(LEASE_MS + 1), 1);
    if (stale === undefined || fresh === undefined) throw new Error("both claims took the row");
    expect(fresh).toMatchObject({ id: stale.id, attempts: 2 });
    await markDelivered(db.prisma, stale, { status: 200, error: null }, at(LEASE_MS + 2));
    const untouched = await db.prisma.webhookDelivery.findUniqueOrThrow({
      where: { id: stale.id },
    });
    expect(untouched).toMatchObject({ state: "pending", attempts: 2 });
    await markDead(db.prisma, fresh, { status: 500, error: "answered HTTP 500" }, at(LEASE_MS + 3));
    const dead = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: stale.id } });
    expect(dead).toMatchObject({
      state: "dead",
      attempts: 2,
      lastStatus: 500,
      lastError: "answered HTTP 500",
      leasedUntil: null,
      completedAt: at(LEASE_MS + 3),
    });
  });

  it("prunes delivered and dead rows finished before the retention, in batches, never pending ones", async () => {
    const webhookId = await webhookWith(0);
    const old = at(-8 * 24 * 3_600_000);
    const recent = at(-3_600_000);
    const rows = (count: number, state: string, completedAt: Date | null) =>
      Array.from({ length: count }, (_, index) => ({
        webhookId,
        eventId: BigInt(index + 1),
        state,
        nextAttemptAt: old,
        createdAt: old,
        completedAt,
      }));
    await db.prisma.webhookDelivery.createMany({
      data: [
        ...rows(PRUNE_BATCH + 10, "delivered", old),
        ...rows(5, "dead", old),
        ...rows(3, "delivered", recent),
        ...rows(2, "dead", recent),
        ...rows(4, "pending", null),
      ],
    });
    const before = at(-7 * 24 * 3_600_000);
    expect(await pruneFinished(db.prisma, before, 1)).toBe(PRUNE_BATCH);
    expect(await pruneFinished(db.prisma, before, 10)).toBe(15);
    const left = await db.prisma.webhookDelivery.groupBy({
      by: ["state"],
      where: { webhookId },
      _count: true,
      orderBy: { state: "asc" },
    });
    expect(left.map((group) => [group.state, group._count])).toEqual([
      ["dead", 2],
      ["delivered", 3],
      ["pending", 4],
    ]);
  });

  it("refuses a state outside pending, delivered and dead (the migration's CHECK)", async () => {
    const webhookId = await webhookWith(0);
    await expect(
      db.prisma.webhookDelivery.create({
        data: { webhookId, eventId: 1n, state: "failed", nextAttemptAt: T0 },
      }),
    ).rejects.toThrow();
  });
});
