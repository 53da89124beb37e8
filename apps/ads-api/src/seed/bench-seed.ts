import type { PrismaClient } from "../db/database.js";
import type { Prisma } from "../generated/prisma/client.js";
import { grantAccess } from "../credentials/grants.js";
import type { Permission } from "../auth/roles.js";
import { createAccountRow } from "../services/accounts.js";
import { mediaLibraryData } from "../services/media-admin.js";
import { seededRandom } from "../seeded-random.js";
import { seedBenchLineItems } from "./bench-line-items.js";
import { seedBenchPosts } from "./bench-posts.js";
import type { BenchLineItemOptions } from "./bench-line-items.js";

export interface BenchOptions extends BenchLineItemOptions {
  readonly accountId: string;
  readonly campaigns: number;
  readonly fundingInstruments: number;
  readonly cards: number;
  /** Seeds the generator; the same options always produce the same rows. */
  readonly seed: number;
  /** Users given a role on the bench account (the demo user by default). */
  readonly grantUserIds: readonly string[];
  readonly role?: Permission;
  /** First created_at; rows follow one second apart. */
  readonly start?: Date;
  /**
   * Published posts with media by the account's promotable user (the first of `grantUserIds`),
   * made through the account: promoted-only, with an image, a video or two images (default 0).
   */
  readonly posts?: number;
}

export interface BenchSummary {
  readonly accountId: string;
  readonly campaigns: number;
  readonly fundingInstruments: number;
  readonly cards: number;
  readonly lineItems: number;
  /** Tracking tags, promoted posts and promoted accounts together. */
  readonly attachments: number;
  readonly posts: number;
  readonly ms: number;
}

const CHUNK = 5_000;
const WORDS = [
  "Spring",
  "Summer",
  "Autumn",
  "Winter",
  "Brand",
  "Launch",
  "Promo",
  "Retarget",
  "Always-on",
  "Holiday",
  "Flash",
  "Clearance",
];
const CURRENCIES = ["USD", "EUR", "GBP"];

async function inChunks<T>(
  rows: readonly T[],
  write: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await write(rows.slice(start, start + CHUNK));
}

/**
 * Deterministic large data for benchmarks, written with bulk inserts (createMany in chunks).
 * The account is replaced when it exists. No history entries are written for these rows.
 */
export async function seedBench(
  prisma: PrismaClient,
  options: BenchOptions,
): Promise<BenchSummary> {
  const began = Date.now();
  const random = seededRandom(options.seed);
  const start = (options.start ?? new Date(Date.UTC(2026, 0, 1))).getTime();
  const at = (index: number) => new Date(start + index * 1000);
  const id = options.accountId;
  const written = await prisma.$transaction(async (tx) => {
    await tx.card.deleteMany({ where: { accountId: id } });
    await tx.post.deleteMany({ where: { accountId: id } });
    await tx.mediaLibraryObject.deleteMany({ where: { accountId: id } });
    await tx.accountMedia.deleteMany({ where: { accountId: id } });
    await tx.historyEntry.deleteMany({ where: { accountId: id } });
    await tx.account.deleteMany({ where: { id } });
    await createAccountRow(tx, {
      id,
      name: `Bench account ${id}`,
      at: at(0),
      promotableUserIds: options.grantUserIds.slice(0, 1),
    });
    for (const userId of options.grantUserIds)
      await grantAccess(tx, id, userId, [options.role ?? "ACCOUNT_ADMIN"]);

    const funding: Prisma.FundingInstrumentCreateManyInput[] = Array.from(
      { length: options.fundingInstruments },
      (_, index) => ({
        id: `${id}f${index.toString(36)}`,
        accountId: id,
        type: "CREDIT_CARD",
        description: `Bench card ${index}`,
        currency: CURRENCIES[index % CURRENCIES.length] ?? "USD",
        startTime: at(index),
        createdAt: at(index),
        updatedAt: at(index),
      }),
    );
    await inChunks(funding, (data) => tx.fundingInstrument.createMany({ data }));

    const campaigns: Prisma.CampaignCreateManyInput[] = Array.from(
      { length: options.campaigns },
      (_, index) => {
        const fundingIndex = Math.floor(random() * Math.max(1, options.fundingInstruments));
        const active = random() < 0.3;
        return {
          id: `${id}c${index.toString(36)}`,
          accountId: id,
          fundingInstrumentId: `${id}f${fundingIndex.toString(36)}`,
          name: `${WORDS[Math.floor(random() * WORDS.length)] ?? "Bench"} campaign ${index}`,
          dailyBudgetAmountLocalMicro: BigInt(Math.floor(random() * 100) + 1) * 1_000_000n,
          totalBudgetAmountLocalMicro:
            random() < 0.5 ? null : BigInt(Math.floor(random() * 10_000) + 100) * 1_000_000n,
          entityStatus: active ? "ACTIVE" : "PAUSED",
          currency: CURRENCIES[fundingIndex % CURRENCIES.length] ?? "USD",
          startTime: at(index),
          createdAt: at(index),
          updatedAt: at(index),
        };
      },
    );
    if (options.fundingInstruments === 0 && campaigns.length > 0) {
      throw new Error("campaigns need at least one funding instrument");
    }
    await inChunks(campaigns, (data) => tx.campaign.createMany({ data }));

    const media = mediaLibraryData({
      accountId: id,
      mediaType: "IMAGE",
      width: 1200,
      height: 628,
      mediaKey: `3_${900_000 + options.seed}`,
      at: at(0),
      name: "Bench image",
    });
    await tx.mediaLibraryObject.create({ data: media });
    const cards: Prisma.CardCreateManyInput[] = Array.from(
      { length: options.cards },
      (_, index) => ({
        id: (9_000_000_000_000_000n + BigInt(options.seed) * 1_000_000n + BigInt(index)).toString(),
        accountId: id,
        kind: "generic",
        name: `Bench card ${index}`,
        cardType: "IMAGE_WEBSITE",
        body: {
          components: [
            { type: "MEDIA", media_key: media.mediaKey },
            {
              type: "DETAILS",
              title: `Offer ${index}`,
              destination: { type: "WEBSITE", url: `https://example.com/${index}` },
            },
          ],
        },
        createdAt: at(index),
        updatedAt: at(index),
      }),
    );
    await inChunks(cards, (data) => tx.card.createMany({ data }));
    await seedBenchPosts(
      tx,
      {
        accountId: id,
        seed: options.seed,
        posts: options.posts ?? 0,
        authorId: options.grantUserIds[0],
        imageKey: media.mediaKey,
      },
      at,
      inChunks,
    );
    return seedBenchLineItems(tx, id, campaigns, options, at, inChunks);
  });
  return {
    accountId: id,
    campaigns: options.campaigns,
    fundingInstruments: options.fundingInstruments,
    cards: options.cards,
    ...written,
    posts: options.posts ?? 0,
    ms: Date.now() - began,
  };
}
