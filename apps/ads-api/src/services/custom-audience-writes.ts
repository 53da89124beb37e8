import type { AppContext } from "../context.js";
import type { Tx } from "../db/database.js";
import { newAdsId } from "../db/ids.js";
import type { CustomAudience, Prisma } from "../generated/prisma/client.js";
import { BadRequestError, ConflictError, ERROR_CODES, NotFoundError } from "../errors.js";
import { accessAudience } from "./audience-access.js";

/** A transaction writing custom audiences, holding the rows of the owners it wrote names for. */
export interface AudienceWriter {
  readonly tx: Tx;
  readonly now: Date;
  readonly locked: Set<string>;
}

/** The migration's partial unique index of live names (20261126232500_audiences). */
const LIVE_NAME_INDEX = "custom_audience_account_id_name_live_key";

/**
 * A violation of the live-name index, as either driver reports it: PostgreSQL's adapter as
 * Prisma's P2002 with the constraint in `meta`, PGlite's as a driver error whose message and
 * cause name it. A primary-key collision is not one.
 */
function isNameViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  try {
    const meta = "meta" in error ? error.meta : null;
    return JSON.stringify([error.message, meta, error.cause ?? null]).includes(LIVE_NAME_INDEX);
  } catch {
    return false;
  }
}

/**
 * Runs audience writes in one transaction. Names are checked under the owner's account row
 * (lockOwner), so two creates of one name wait for each other and the second answers 409; the
 * partial unique index stays the last word against any writer that does not lock (a 409 too).
 */
export async function withAudienceWriter<T>(
  ctx: AppContext,
  work: (writer: AudienceWriter) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.prisma.$transaction((tx) => work({ tx, now: ctx.clock(), locked: new Set() }));
  } catch (error) {
    if (!isNameViolation(error)) throw error;
    throw new ConflictError(
      ERROR_CODES.DUPLICATE_NAME,
      "another custom audience of the account took this name at the same time",
      "name",
    );
  }
}

async function lockOwner(writer: AudienceWriter, ownerId: string): Promise<void> {
  if (writer.locked.has(ownerId)) return;
  await writer.tx.$queryRaw`SELECT id FROM "account" WHERE id = ${ownerId} FOR UPDATE`;
  writer.locked.add(ownerId);
}

/** spec §4.8: a name is unique among the owner's live audiences (a deleted one frees it). */
async function checkNameFree(
  writer: AudienceWriter,
  ownerId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  await lockOwner(writer, ownerId);
  const other = await writer.tx.customAudience.findFirst({
    where: {
      accountId: ownerId,
      name,
      deleted: false,
      ...(exceptId === undefined ? {} : { id: { not: exceptId } }),
    },
    select: { id: true },
  });
  if (other !== null) {
    throw new ConflictError(
      ERROR_CODES.DUPLICATE_NAME,
      `account ${ownerId} already has a custom audience with this name (${other.id}); names are unique among its audiences`,
      "name",
    );
  }
}

export interface NewAudience {
  readonly name: string;
  readonly description?: string | undefined;
  /** CRM from the single create; FLEXIBLE or MOBILE_AUDIENCE from the batch. */
  readonly audienceType: string;
  /** A FLEXIBLE audience's definition, kept as created (it never changes). */
  readonly segments?: Prisma.InputJsonValue | undefined;
}

export async function createAudienceIn(
  writer: AudienceWriter,
  accountId: string,
  input: NewAudience,
): Promise<CustomAudience> {
  await checkNameFree(writer, accountId, input.name);
  return writer.tx.customAudience.create({
    data: {
      id: newAdsId(),
      accountId,
      name: input.name,
      description: input.description ?? null,
      audienceType: input.audienceType,
      partnerSource: "OTHER",
      ...(input.segments === undefined ? {} : { segments: input.segments }),
      createdAt: writer.now,
      updatedAt: writer.now,
    },
  });
}

export interface AudienceChanges {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
}

/**
 * spec §4.8 PUT: the owner or a READ_WRITE grantee renames or describes an audience; the name
 * stays unique among the owner's audiences; a FLEXIBLE audience is immutable (spec §3).
 */
export async function updateAudienceIn(
  writer: AudienceWriter,
  accountId: string,
  id: string,
  changes: AudienceChanges,
  parameter = "custom_audience_id",
): Promise<CustomAudience> {
  const { audience } = await accessAudience(writer.tx, accountId, id, "write", parameter);
  if (audience.audienceType === "FLEXIBLE") {
    throw BadRequestError.of(
      ERROR_CODES.AUDIENCE_IMMUTABLE,
      `custom audience ${id} is FLEXIBLE: a flexible audience is immutable once created (spec §3)`,
      parameter,
    );
  }
  if (changes.name !== undefined) {
    await checkNameFree(writer, audience.accountId, changes.name, id);
  }
  const updated = await writer.tx.customAudience.updateMany({
    where: { id, deleted: false },
    data: {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      updatedAt: writer.now,
    },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`custom audience ${id} does not exist`, parameter);
  }
  return writer.tx.customAudience.findUniqueOrThrow({ where: { id } });
}

/** Soft delete by the owner only (spec §4.8 sharing rules); a second DELETE is 404. */
export async function deleteAudienceIn(
  writer: AudienceWriter,
  accountId: string,
  id: string,
  parameter = "custom_audience_id",
): Promise<CustomAudience> {
  await accessAudience(writer.tx, accountId, id, "owner", parameter);
  const deleted = await writer.tx.customAudience.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: writer.now },
  });
  if (deleted.count === 0) {
    throw new NotFoundError(`custom audience ${id} does not exist`, parameter);
  }
  return writer.tx.customAudience.findUniqueOrThrow({ where: { id } });
}
