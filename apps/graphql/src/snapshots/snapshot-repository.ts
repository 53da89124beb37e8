import type { PrismaClient } from "../generated/prisma/client.js";

/** JSON as stored in a snapshot body. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SnapshotRecord {
  resourceType: string;
  resourceId: string;
  body: JsonValue;
  fetchedAt: Date;
}

export interface SnapshotRepository {
  /** Stores what was read of one resource, replacing the previous read of it. */
  put(snapshot: SnapshotRecord): Promise<void>;
  /** The last read of one resource, or null when it was never read. */
  get(resourceType: string, resourceId: string): Promise<SnapshotRecord | null>;
  /** Every stored read of one resource type, by id. */
  listByType(resourceType: string): Promise<SnapshotRecord[]>;
}

export function createSnapshotRepository(prisma: PrismaClient): SnapshotRepository {
  return {
    async put({ resourceType, resourceId, body, fetchedAt }) {
      // A JSON null body would become SQL NULL in Prisma; every resource body is an object.
      const data = { body: body ?? {}, fetchedAt };
      await prisma.snapshot.upsert({
        where: { resourceType_resourceId: { resourceType, resourceId } },
        create: { resourceType, resourceId, ...data },
        update: data,
      });
    },
    async get(resourceType, resourceId) {
      const row = await prisma.snapshot.findUnique({
        where: { resourceType_resourceId: { resourceType, resourceId } },
      });
      return row && toRecord(row);
    },
    async listByType(resourceType) {
      const rows = await prisma.snapshot.findMany({
        where: { resourceType },
        orderBy: { resourceId: "asc" },
      });
      return rows.map(toRecord);
    },
  };
}

function toRecord(row: {
  resourceType: string;
  resourceId: string;
  body: unknown;
  fetchedAt: Date;
}): SnapshotRecord {
  return { ...row, body: row.body as JsonValue };
}
