import { createHash } from "node:crypto";
import { open, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "../core/errors.js";

/** Bytes of a source file hashed into its fingerprint (enough to tell two exports apart). */
const HEAD_BYTES = 64 * 1024;

/**
 * What tells one source file from another: its path, size, modification time and a hash of its
 * first 64 KiB. A resumed upload whose file differs in any of them is refused, so a new export
 * at the same path is never skipped into by the old offset.
 */
export interface SourceFingerprint {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** SHA-256 hex of the first 64 KiB. */
  readonly head: string;
}

/** Counts of an upload so far; never an identifier, clear or hashed. */
export interface UploadCounts {
  /** Input records consumed (lines of a file, items of an iterable). */
  readonly read: number;
  /** Users sent in acknowledged batches (one user per operation). */
  readonly sent: number;
  /** success_count summed over acknowledged batches. */
  readonly accepted: number;
  /** Records refused before sending (nothing usable in them). */
  readonly rejected: number;
  /** Refused identifiers by kind, then by reason (a record may hold several). */
  readonly rejectedBy: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Acknowledged batches (requests). */
  readonly batches: number;
}

/**
 * The progress file: where the upload stands after its last acknowledged batch. Written
 * atomically (a temporary file, fsync, rename) before each batch is sent (`inFlight`) and after
 * each is acknowledged, so a crash leaves either state, never a torn file.
 */
export interface UploadProgress {
  readonly version: 1;
  readonly endpointId: string;
  readonly accountId: string;
  /** The custom audience or do-not-reach list. */
  readonly targetId: string;
  readonly operation: "Update" | "Delete";
  readonly kind: string;
  /** The file's fingerprint, or the caller's `sourceId` for an iterable. */
  readonly source: SourceFingerprint | { readonly id: string } | null;
  /** Records consumed up to the end of the last acknowledged batch: resume skips these. */
  readonly offset: number;
  /** Bytes of the file up to that record (a resume starts reading there). */
  readonly byteOffset: number;
  readonly counts: UploadCounts;
  /**
   * The batch sent and not yet acknowledged (records `from` to `to`): after a crash it may or
   * may not have been applied, and a resume sends it again (docs/rest-client.md "Uploading audience users").
   */
  readonly inFlight: {
    readonly batch: number;
    readonly from: number;
    readonly to: number;
  } | null;
  /** Milliseconds spent uploading, over every run. */
  readonly elapsedMs: number;
  readonly done: boolean;
  readonly updatedAt: string;
}

/** Where progress is kept; a file by default (`fileProgressStore`). */
export interface ProgressStore {
  load(): Promise<UploadProgress | undefined>;
  save(progress: UploadProgress): Promise<void>;
}

/** The fingerprint of a source file. */
export async function sourceFingerprint(file: string): Promise<SourceFingerprint> {
  const info = await stat(file);
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, info.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = createHash("sha256").update(buffer.subarray(0, bytesRead)).digest("hex");
    return { path: path.resolve(file), size: info.size, mtimeMs: info.mtimeMs, head };
  } finally {
    await handle.close();
  }
}

/**
 * Writes `text` to `file` so that a reader sees the old or the new content, never a part. With
 * `mode` (e.g. 0o600 for credentials) the file is created with exactly those bits: never a moment
 * with wider ones, whatever the umask.
 */
export async function writeAtomically(
  file: string,
  text: string,
  options: { readonly mode?: number } = {},
): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const { mode } = options;
  if (mode !== undefined) {
    // A leftover of a crashed run with the same pid: "wx" below must create the file itself.
    await unlink(temporary).catch(() => undefined);
  }
  const handle = await open(temporary, mode === undefined ? "w" : "wx", mode);
  try {
    // The mode of `open` is masked by the umask, which can only remove bits; set it exactly.
    if (mode !== undefined) await handle.chmod(mode);
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Progress kept as a small JSON file (created on the first save). */
export function fileProgressStore(file: string): ProgressStore {
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      const parsed = JSON.parse(text) as Partial<UploadProgress>;
      if (parsed.version !== 1 || typeof parsed.offset !== "number") {
        throw new RestClientError(
          REST_CLIENT_ERROR_CODES.PROGRESS_MISMATCH,
          `${file} is not an upload progress file of this version`,
        );
      }
      return parsed as UploadProgress;
    },
    save: (progress) => writeAtomically(file, `${JSON.stringify(progress, null, 2)}\n`),
  };
}

const sameSource = (a: UploadProgress["source"], b: UploadProgress["source"]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Why saved progress cannot be resumed by this upload, or undefined when it can: every field
 * naming what is uploaded where must be the same.
 */
export function resumeMismatch(
  saved: UploadProgress,
  expected: Pick<
    UploadProgress,
    "endpointId" | "accountId" | "targetId" | "operation" | "kind" | "source"
  >,
): string | undefined {
  for (const field of ["endpointId", "accountId", "targetId", "operation", "kind"] as const) {
    if (saved[field] !== expected[field]) {
      return `${field} was ${saved[field]}, this upload's is ${expected[field]}`;
    }
  }
  if (!sameSource(saved.source, expected.source)) {
    return "the source differs from the one the progress was saved for (path, size, modification time or first bytes)";
  }
  return undefined;
}
