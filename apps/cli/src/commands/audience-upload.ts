import { mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { AudienceIdentifierKind } from "@adsgraph/models";
import {
  fileProgressStore,
  REST_CLIENT_ERROR_CODES,
  RestAuthError,
  RestClientError,
  uploadAudienceUsers,
} from "@adsgraph/rest-client";
import type { UploadReport } from "@adsgraph/rest-client";
import { apiClient } from "../api/api-auth.js";
import type { CliContext } from "../context.js";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { countRecords } from "../upload/count-records.js";
import { handleInterrupt } from "../upload/interrupt.js";
import { defaultProgressFile } from "../upload/progress-file.js";
import { progressReporter } from "../upload/progress-reporter.js";

export interface AudienceUploadOptions {
  readonly kind: AudienceIdentifierKind;
  readonly operation: "Update" | "Delete";
  readonly progress?: string | undefined;
  readonly restart?: boolean | undefined;
  readonly batchSize?: number | undefined;
  readonly expiresAt?: string | undefined;
  readonly effectiveAt?: string | undefined;
  readonly countryCode?: string | undefined;
}

const removeIfThere = (file: string) =>
  unlink(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  });

async function checkReadable(file: string): Promise<void> {
  let reason: string | undefined;
  try {
    if (!(await stat(file)).isFile()) reason = "not a file";
  } catch (error) {
    reason = (error as NodeJS.ErrnoException).code ?? "error";
  }
  if (reason !== undefined)
    throw new CliError(CLI_ERROR_CODES.USAGE, `cannot read ${file} (${reason})`);
}

/** What the upload did, on stdout once it completes. */
function summary(report: UploadReport, total: number): string {
  const resumed =
    report.resumedFrom > 0
      ? `; resumed after ${report.resumedFrom} records, ${report.resent} sent again`
      : "";
  const rejected =
    report.rejected > 0
      ? `\nrejected by kind and reason: ${JSON.stringify(report.rejectedBy)}`
      : "";
  return `done: ${report.read}/${total} records, ${report.sent} sent, ${report.accepted} accepted, ${report.rejected} rejected, ${report.batches} batches in ${(report.totalElapsedMs / 1000).toFixed(1)}s${resumed}${rejected}\n`;
}

/** rest-client's refusals, with what to do about them. */
function explained(error: unknown, progressFile: string): unknown {
  if (error instanceof RestAuthError) {
    return new CliError(
      CLI_ERROR_CODES.NOT_SIGNED_IN,
      `the ads API refused the stored credentials (${error.message.replace(/\.$/, "")}): run \`adsgraph login --api\``,
      { cause: error },
    );
  }
  if (
    error instanceof RestClientError &&
    error.code === REST_CLIENT_ERROR_CODES.PROGRESS_MISMATCH
  ) {
    return new CliError(
      CLI_ERROR_CODES.USAGE,
      `${error.message} (progress in ${progressFile}; --restart starts over)`,
      { cause: error },
    );
  }
  return error;
}

/**
 * `adsgraph audience upload <account> <audience> <file>`: rest-client's resumable upload of a
 * file of identifiers to a custom audience, with the `login --api` credentials, a progress bar
 * on stderr, and Ctrl-C stopping at a batch boundary with the progress kept for a resume.
 */
export async function audienceUpload(
  context: CliContext,
  target: { account: string; audience: string; file: string },
  options: AudienceUploadOptions,
): Promise<void> {
  const { api } = await context.store.load();
  if (api === undefined) {
    throw new CliError(
      CLI_ERROR_CODES.NOT_SIGNED_IN,
      "uploads go to the ads API directly and need its credentials: run `adsgraph login --api`",
    );
  }
  const file = path.resolve(target.file);
  await checkReadable(file);
  const progressFile = path.resolve(
    options.progress ?? defaultProgressFile(context.env.configDir, { ...target, file, ...options }),
  );
  await mkdir(path.dirname(progressFile), { recursive: true, mode: 0o700 });
  if (options.restart === true) await removeIfThere(progressFile);

  const reporter = progressReporter(context.stderr);
  const saved = await fileProgressStore(progressFile)
    .load()
    .catch(() => undefined);
  if (saved !== undefined && !saved.done) {
    reporter.note(`resuming after ${saved.offset} records (progress in ${progressFile})`);
  }
  const total = await countRecords(file);
  const client = apiClient(api, { token: api.token, tokenSecret: api.tokenSecret });
  const interrupt = handleInterrupt((message) => {
    reporter.note(message);
  });
  let last: UploadReport | undefined;
  let report: UploadReport;
  try {
    report = await uploadAudienceUsers(client, {
      account_id: target.account,
      custom_audience_id: target.audience,
      operation: options.operation,
      kind: options.kind,
      source: file,
      progress: { file: progressFile },
      expires_at: options.expiresAt,
      effective_at: options.effectiveAt,
      hashOptions: { defaultCountryCode: options.countryCode },
      maxOperations: options.batchSize,
      signal: interrupt.abort,
      stop: interrupt.stop,
      onProgress: (r) => {
        last = r;
        reporter.update({ done: r.read, total, rate: r.recordsPerSecond });
      },
    });
  } catch (error) {
    if (interrupt.abort.aborted) {
      throw new CliError(
        CLI_ERROR_CODES.INTERRUPTED,
        interrupted(last?.read ?? 0, total, progressFile),
        {
          cause: error,
        },
      );
    }
    throw explained(error, progressFile);
  } finally {
    interrupt.release();
    reporter.finish();
    await client.close();
  }
  if (!report.done) {
    throw new CliError(CLI_ERROR_CODES.INTERRUPTED, interrupted(report.read, total, progressFile));
  }
  // Done: a later run of the same command is a new upload, not a resume of this one.
  await removeIfThere(progressFile);
  context.stdout.write(summary(report, total));
}

const interrupted = (read: number, total: number, progressFile: string) =>
  `interrupted after ${read} of ${total} records; run the same command again to resume (progress in ${progressFile})`;
