import type { Tx } from "../db/database.js";
import type { Prisma } from "../generated/prisma/client.js";
import { mediaLibraryData } from "../services/media-admin.js";
import { languageOf, parseEntities } from "../services/post-entities.js";

type Write = <T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) => Promise<void>;

export interface BenchPostOptions {
  readonly accountId: string;
  readonly seed: number;
  /** Published posts to write (0: none, and no extra media either). */
  readonly posts: number;
  /** Their author: the account's promotable user. */
  readonly authorId: string | undefined;
  /** The bench image every bench card shows. */
  readonly imageKey: string;
}

/**
 * Published promoted-only posts of a bench account, bulk-inserted with what `insertPost`
 * derives from the text (entities, language, thread): ids `15<seed>…` of 19 digits, one
 * second apart, each with media of the account's library: an image, a video, or two images.
 */
export async function seedBenchPosts(
  tx: Tx,
  options: BenchPostOptions,
  at: (index: number) => Date,
  inChunks: Write,
): Promise<number> {
  if (options.posts === 0) return 0;
  const authorId = options.authorId;
  if (authorId === undefined) throw new Error("bench posts need an author: grant a user");
  const media = (mediaType: "IMAGE" | "VIDEO", key: string, name: string) =>
    mediaLibraryData({
      accountId: options.accountId,
      mediaType,
      width: mediaType === "VIDEO" ? 1280 : 1200,
      height: mediaType === "VIDEO" ? 720 : 628,
      mediaKey: key,
      ownerUserId: authorId,
      at: at(0),
      name,
    });
  const video = media("VIDEO", `13_${900_000 + options.seed}`, "Bench video");
  const second = media("IMAGE", `3_${910_000 + options.seed}`, "Bench image 2");
  await tx.mediaLibraryObject.createMany({ data: [video, second] });
  const kinds = [[options.imageKey], [video.mediaKey], [options.imageKey, second.mediaKey]];
  const base = 1_500_000_000_000_000_000n + BigInt(options.seed) * 10_000_000n;
  const rows: Prisma.PostCreateManyInput[] = Array.from({ length: options.posts }, (_, index) => {
    const id = (base + BigInt(index)).toString();
    const text = `Bench post ${index}: new arrivals every week #bench https://example.com/p/${index}`;
    const entities = parseEntities(text);
    // The JSON column takes what insertPost stores: the parsed entities as they are.
    const stored: object = entities;
    return {
      id,
      postType: "PUBLISHED",
      authorId,
      accountId: options.accountId,
      text,
      entities: stored,
      lang: languageOf(text, entities),
      nullcast: true,
      mediaKeys: kinds[index % kinds.length] ?? [options.imageKey],
      conversationId: id,
      editRootId: id,
      createdAt: at(index),
      updatedAt: at(index),
    };
  });
  await inChunks(rows, (data) => tx.post.createMany({ data }));
  return rows.length;
}
