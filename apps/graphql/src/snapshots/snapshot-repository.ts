import type { PrismaClient } from "../generated/prisma/client.js";
import { contentHash, type JsonObject } from "./content-hash.js";

/** One read of one upstream resource, as handed to the repository. */
export interface SnapshotInput {
  resourceType: string;
  resourceId: string;
  /** The advertising account it belongs to; null for reference data. */
  accountId: string | null;
  body: JsonObject;
  fetchedAt: Date;
}

/** One stored version of a resource. */
export interface SnapshotVersion {
  resourceType: string;
  resourceId: string;
  accountId: string | null;
  version: number;
  body: JsonObject;
  contentHash: string;
  /** When this content was first read. */
  fetchedAt: Date;
  /** The last read that found this same content. */
  checkedAt: Date;
}

export interface SnapshotRepository {
  /**
   * Records reads in one transaction: a new version where the content changed, else only the
   * latest version's `checkedAt` moves on. Returns how many new versions were written.
   */
  record(inputs: readonly SnapshotInput[]): Promise<number>;
  /** The latest version of each id that has one (ids never read are absent). */
  latest(
    resourceType: string,
    resourceIds: readonly string[],
  ): Promise<Map<string, SnapshotVersion>>;
  /** Every version of one resource, newest first. */
  history(resourceType: string, resourceId: string): Promise<SnapshotVersion[]>;
}

type Row = {
  resourceType: string;
  resourceId: string;
  accountId: string | null;
  version: number;
  body: unknown;
  contentHash: string;
  fetchedAt: Date;
  checkedAt: Date;
};

function toVersion(row: Row): SnapshotVersion {
  return { ...row, body: row.body as JsonObject };
}

export function createSnapshotRepository(prisma: PrismaClient): SnapshotRepository {
  return {
    async record(inputs) {
      if (inputs.length === 0) return 0;
      // The last read of a resource within one batch wins.
      const byKey = new Map(
        inputs.map((input) => [`${input.resourceType}\u0000${input.resourceId}`, input]),
      );
      return prisma.$transaction(async (tx) => {
        let written = 0;
        for (const input of byKey.values()) {
          const hash = contentHash(input.body);
          const latest = await tx.snapshot.findFirst({
            where: { resourceType: input.resourceType, resourceId: input.resourceId },
            orderBy: { version: "desc" },
            select: { id: true, version: true, contentHash: true, checkedAt: true },
          });
          if (latest?.contentHash === hash) {
            if (latest.checkedAt < input.fetchedAt) {
              await tx.snapshot.update({
                where: { id: latest.id },
                data: { checkedAt: input.fetchedAt },
              });
            }
            continue;
          }
          await tx.snapshot.create({
            data: {
              resourceType: input.resourceType,
              resourceId: input.resourceId,
              accountId: input.accountId,
              version: (latest?.version ?? 0) + 1,
              body: input.body,
              contentHash: hash,
              fetchedAt: input.fetchedAt,
              checkedAt: input.fetchedAt,
            },
          });
          written += 1;
        }
        return written;
      });
    },

    async latest(resourceType, resourceIds) {
      if (resourceIds.length === 0) return new Map();
      const rows = await prisma.snapshot.findMany({
        where: { resourceType, resourceId: { in: [...new Set(resourceIds)] } },
        orderBy: [{ resourceId: "asc" }, { version: "desc" }],
        distinct: ["resourceId"],
      });
      return new Map(rows.map((row) => [row.resourceId, toVersion(row)]));
    },

    async history(resourceType, resourceId) {
      const rows = await prisma.snapshot.findMany({
        where: { resourceType, resourceId },
        orderBy: { version: "desc" },
      });
      return rows.map(toVersion);
    },
  };
}
