import { setTimeout as delay } from "node:timers/promises";
import { AUDIENCE_IDENTIFIER_KINDS, LIMITS } from "@adsgraph/models";
import type { AudienceIdentifierKind } from "@adsgraph/models";
import type { AudienceUserInput, HashOptions } from "./audience-hashing.js";
import type { RestClient } from "../client/client.js";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "../core/errors.js";
import { DEFAULT_RETRY_POLICY } from "../core/retry.js";
import type { RetryPolicy } from "../core/retry.js";
import { fileProgressStore, resumeMismatch, sourceFingerprint } from "./upload-progress.js";
import type { ProgressStore, UploadCounts, UploadProgress } from "./upload-progress.js";
import { fileRecords, hashRecord, iterableRecords } from "./upload-source.js";
import type { SourceRecord } from "./upload-source.js";
import { paceUsersBatches } from "./upload-pacing.js";
import { sendUsersBatch } from "./upload-send.js";
import type { UsersBatchId } from "./upload-send.js";

type UploadTarget =
  | { readonly custom_audience_id: string; readonly do_not_reach_list_id?: undefined }
  | { readonly do_not_reach_list_id: string; readonly custom_audience_id?: undefined };

export type AudienceUploadOptions = UploadTarget & {
  readonly account_id: string;
  /** Default "Update". */
  readonly operation?: "Update" | "Delete" | undefined;
  /**
   * A file path (one identifier of `kind` per line, or a JSON object of kind → value(s) per
   * line), or records: strings of `kind` or objects of kind → value(s).
   */
  readonly source:
    string | AsyncIterable<string | AudienceUserInput> | Iterable<string | AudienceUserInput>;
  /** The kind of plain lines and strings. Default "email". */
  readonly kind?: AudienceIdentifierKind | undefined;
  /** What identifies an iterable source in the progress (a file is fingerprinted). */
  readonly sourceId?: string | undefined;
  readonly expires_at?: string | undefined;
  /** Custom audiences only (the do-not-reach list takes none). */
  readonly effective_at?: string | undefined;
  readonly hashOptions?: HashOptions | undefined;
  /** Where progress is kept: a JSON file, or your own store. Without it nothing resumes. */
  readonly progress?: { readonly file: string } | ProgressStore | undefined;
  /** Called after every acknowledged batch, and once at the end. */
  readonly onProgress?: ((report: UploadReport) => void) | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * When it fires, the upload stops after the batch in flight is acknowledged and saved (no
   * request is cut off, so a resume sends nothing twice) and resolves with `done: false`;
   * `signal` stops at once instead (a resume then sends the batch in flight again).
   */
  readonly stop?: AbortSignal | undefined;
  /** Operations (users) per request; default and most 2,500 (spec §8). */
  readonly maxOperations?: number | undefined;
  /** Bytes of JSON body per request; default and most 5,000,000 (spec §8). */
  readonly maxBytes?: number | undefined;
  /** Sends of one batch after the first (counts that differ, 5xx, broken connections). Default 5. */
  readonly batchRetries?: number | undefined;
  /** Backoff between those sends. Default: the client's default policy. */
  readonly retry?: Partial<RetryPolicy> | undefined;
  /**
   * Added to each wait for the users-batch window's reset (the reset is told in whole seconds
   * and clocks differ). Default 1000.
   */
  readonly padMs?: number | undefined;
  /** Injectable time (tests). */
  readonly clock?: (() => number) | undefined;
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
};

/** Where an upload stands (`onProgress`, and the result). No identifier ever appears here. */
export interface UploadReport extends UploadCounts {
  /** Sends of a batch beyond its first, in this run. */
  readonly retries: number;
  /**
   * Waits for a rate-limit reset in this run, and for how long: the uploader's own before a
   * batch when the users-batch window is spent, and the client's (a 429, a spent budget).
   */
  readonly rateLimitWaits: number;
  readonly rateLimitWaitMs: number;
  /**
   * While the upload waits for the users-batch window's reset (ISO time it resumes, as
   * `onProgress` reports when the wait begins); null otherwise.
   */
  readonly waitingUntil: string | null;
  /** Records a saved progress acknowledged before this run (skipped, not sent again). */
  readonly resumedFrom: number;
  /** Records of a batch sent before a crash without an acknowledgement, sent again. */
  readonly resent: number;
  /** This run's time, and its records per second. */
  readonly elapsedMs: number;
  readonly recordsPerSecond: number;
  /** Time over every run of this upload. */
  readonly totalElapsedMs: number;
  readonly done: boolean;
}

const ZERO: UploadCounts = {
  read: 0,
  sent: 0,
  accepted: 0,
  rejected: 0,
  rejectedBy: {},
  batches: 0,
};

interface Batch {
  readonly operations: unknown[];
  bytes: number;
  /** Records consumed up to the end of this batch, and the byte offset there. */
  to: number;
  byteEnd: number;
  rejected: number;
  readonly refusals: Array<{ kind: string; reason: string }>;
}

function addRefusals(
  into: Record<string, Record<string, number>>,
  refusals: readonly { kind: string; reason: string }[],
) {
  for (const { kind, reason } of refusals) {
    const byReason = (into[kind] ??= {});
    byReason[reason] = (byReason[reason] ?? 0) + 1;
  }
}

/**
 * Uploads the users of a file or iterable to a custom audience or the do-not-reach list
 * (spec §4.8): streams the records, normalises and hashes each identifier (refused ones are
 * counted by kind and reason, never sent or shown), sends one user per operation in requests
 * of at most 2,500 operations and 5,000,000 bytes (§8: ceil(n / 2,500) requests for n users),
 * one at a time, paced at the users-batch window (spec §8: 1,500 per account and endpoint a
 * minute): before each batch it reads the window from `client.budget` and, when nothing is
 * left, waits for the reset instead of drawing a 429 (reported through `onProgress` with
 * `waitingUntil`; the client still waits on a 429 another sender caused), sends a batch again when its counts differ from
 * what was sent (§7) or on a 5xx or broken connection (a users batch is a set write: sending
 * it twice leaves the same members), and saves progress after each acknowledged batch so a
 * later run resumes there.
 */
export async function uploadAudienceUsers(
  client: RestClient,
  options: AudienceUploadOptions,
): Promise<UploadReport> {
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  const started = clock();
  const dnr = options.do_not_reach_list_id !== undefined;
  const endpointId: UsersBatchId = dnr
    ? "do_not_reach_lists.users.batch"
    : "custom_audiences.users.batch";
  const targetId = options.do_not_reach_list_id ?? options.custom_audience_id;
  const operation = options.operation ?? "Update";
  const kind = options.kind ?? "email";
  const allowed = new Set<AudienceIdentifierKind>(dnr ? ["email"] : AUDIENCE_IDENTIFIER_KINDS);
  const maxOperations = Math.min(options.maxOperations ?? Infinity, LIMITS.usersBatch.operations);
  const maxBytes = Math.min(options.maxBytes ?? Infinity, LIMITS.usersBatch.bytes);
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const batchRetries = options.batchRetries ?? 5;
  const store =
    options.progress === undefined
      ? undefined
      : "file" in options.progress
        ? fileProgressStore(options.progress.file)
        : options.progress;
  const fromFile = typeof options.source === "string";
  const identity = {
    endpointId,
    accountId: options.account_id,
    targetId,
    operation,
    kind,
    source:
      typeof options.source === "string"
        ? await sourceFingerprint(options.source)
        : options.sourceId === undefined
          ? null
          : { id: options.sourceId },
  } as const;

  const saved = await store?.load();
  if (saved !== undefined) {
    const mismatch = resumeMismatch(saved, identity);
    if (mismatch !== undefined) {
      throw new RestClientError(
        REST_CLIENT_ERROR_CODES.PROGRESS_MISMATCH,
        `the saved progress is not this upload's (${mismatch}); remove it to start over`,
        endpointId,
      );
    }
  }
  let progress: UploadProgress = saved ?? {
    version: 1,
    ...identity,
    offset: 0,
    byteOffset: 0,
    counts: ZERO,
    inFlight: null,
    elapsedMs: 0,
    done: false,
    updatedAt: new Date(started).toISOString(),
  };
  const resumedFrom = progress.offset;
  const resent = progress.inFlight === null ? 0 : progress.inFlight.to - progress.inFlight.from;
  let retries = 0;
  let rateLimitWaits = 0;
  let rateLimitWaitMs = 0;
  let waitingUntil: string | null = null;

  const report = (): UploadReport => {
    const elapsedMs = clock() - started;
    const readNow = progress.counts.read - resumedFrom;
    return {
      ...progress.counts,
      retries,
      rateLimitWaits,
      rateLimitWaitMs,
      waitingUntil,
      resumedFrom,
      resent,
      elapsedMs,
      recordsPerSecond: elapsedMs > 0 ? Math.round((readNow * 1000) / elapsedMs) : 0,
      totalElapsedMs: progress.elapsedMs,
      done: progress.done,
    };
  };
  const save = async (change: Partial<UploadProgress>) => {
    const now = clock();
    progress = {
      ...progress,
      ...change,
      elapsedMs: (saved?.elapsedMs ?? 0) + (now - started),
      updatedAt: new Date(now).toISOString(),
    };
    await store?.save(progress);
  };
  if (progress.done) return report();

  const padMs = options.padMs ?? 1000;
  if (!Number.isFinite(padMs) || padMs < 0) {
    throw new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      `padMs must be a number of milliseconds ≥ 0, not ${String(padMs)}`,
      endpointId,
    );
  }
  const pacing = paceUsersBatches(client.budget, endpointId, options.account_id, {
    clock,
    sleep: async (ms, signal) => {
      await sleep(ms, signal);
      waitingUntil = null;
    },
    signal: options.signal,
    padMs,
    onWait: (ms) => {
      rateLimitWaits += 1;
      rateLimitWaitMs += ms;
      waitingUntil = new Date(clock() + ms).toISOString();
      options.onProgress?.(report());
    },
  });
  const sending = {
    pacing,
    retries: batchRetries,
    policy,
    signal: options.signal,
    sleep,
    onResend: () => {
      retries += 1;
    },
    onRateLimitWait: (ms: number) => {
      rateLimitWaits += 1;
      rateLimitWaitMs += ms;
    },
  };
  const send = (operations: unknown[]) =>
    sendUsersBatch(
      client,
      endpointId,
      {
        account_id: options.account_id,
        ...(dnr ? { do_not_reach_list_id: targetId } : { custom_audience_id: targetId }),
        operations,
      },
      sending,
    );

  const flush = async (batch: Batch) => {
    const from = progress.offset;
    let accepted = 0;
    if (batch.operations.length > 0) {
      await save({ inFlight: { batch: progress.counts.batches + 1, from, to: batch.to } });
      accepted = await send(batch.operations);
    }
    const rejectedBy = structuredClone(progress.counts.rejectedBy) as Record<
      string,
      Record<string, number>
    >;
    addRefusals(rejectedBy, batch.refusals);
    const sent = batch.operations.length;
    await save({
      offset: batch.to,
      byteOffset: batch.byteEnd,
      inFlight: null,
      counts: {
        read: batch.to,
        sent: progress.counts.sent + sent,
        accepted: progress.counts.accepted + accepted,
        rejected: progress.counts.rejected + batch.rejected,
        rejectedBy,
        batches: progress.counts.batches + (sent > 0 ? 1 : 0),
      },
    });
    options.onProgress?.(report());
  };

  const records: AsyncIterable<SourceRecord> =
    typeof options.source === "string"
      ? fileRecords(options.source, progress.byteOffset)
      : iterableRecords(options.source, progress.offset);
  const fresh = (): Batch => ({
    operations: [],
    bytes: 2, // "[" and "]"
    to: progress.offset,
    byteEnd: progress.byteOffset,
    rejected: 0,
    refusals: [],
  });
  const extra = dnr
    ? { ...(options.expires_at !== undefined && { expires_at: options.expires_at }) }
    : {
        ...(options.effective_at !== undefined && { effective_at: options.effective_at }),
        ...(options.expires_at !== undefined && { expires_at: options.expires_at }),
      };
  let batch = fresh();
  for await (const record of records) {
    const hashed = hashRecord(record.value, kind, allowed, options.hashOptions ?? {});
    if (hashed.user !== undefined) {
      const op = { operation_type: operation, params: { ...extra, users: [hashed.user] } };
      const size = Buffer.byteLength(JSON.stringify(op));
      const separator = batch.operations.length > 0 ? 1 : 0;
      if (batch.operations.length > 0 && batch.bytes + separator + size > maxBytes) {
        await flush(batch);
        if (options.stop?.aborted === true) return report();
        batch = fresh();
      }
      batch.bytes += (batch.operations.length > 0 ? 1 : 0) + size;
      batch.operations.push(op);
    }
    if (hashed.user === undefined) batch.rejected += 1;
    batch.refusals.push(...hashed.refused);
    batch.to += 1;
    if (fromFile) batch.byteEnd = record.end;
    if (batch.operations.length >= maxOperations) {
      await flush(batch);
      if (options.stop?.aborted === true) return report();
      batch = fresh();
    }
  }
  if (batch.to > progress.offset) await flush(batch);
  await save({ done: true });
  const final = report();
  options.onProgress?.(final);
  return final;
}
