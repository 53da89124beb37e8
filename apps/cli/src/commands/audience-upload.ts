import { mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { AudienceIdentifierKind } from "@adsgraph/models";
import {
  fileProgressStore,
  LOCAL_HOSTS,
  REST_CLIENT_ERROR_CODES,
  RestAuthError,
  RestClientError,
  uploadAudienceUsers,
} from "@adsgraph/rest-client";
import type { UploadReport } from "@adsgraph/rest-client";
import { apiClient } from "../api/api-auth.js";
import type { ApiApp } from "../api/api-auth.js";
import type { CliContext } from "../context.js";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { countRecords } from "../upload/count-records.js";
import { handleInterrupt } from "../upload/interrupt.js";
import { defaultProgressFile } from "../upload/progress-file.js";
import { progressReporter } from "../upload/progress-reporter.js";

/** Where the users go: a custom audience, or the account's do-not-reach list (e-mails only). */
export type UploadTarget =
  { readonly custom_audience_id: string } | { readonly do_not_reach_list_id: string };

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

/** An ads API user's credentials: what an upload is signed with. */
type ApiUser = ApiApp & { readonly token: string; readonly tokenSecret: string };

/**
 * The environment's access token when one is set (ADSGRAPH_ACCESS_TOKEN, with the app's key
 * and secret: scripts and CI, no PIN sign-in), else what `login --api` stored.
 */
async function apiUser(context: CliContext): Promise<ApiUser | undefined> {
  const { accessToken, consumerKey, consumerSecret, apiBaseUrl, apiAdsUrl } = context.env;
  if (accessToken !== undefined && consumerKey !== undefined && consumerSecret !== undefined) {
    return {
      baseUrl: apiBaseUrl ?? LOCAL_HOSTS.base,
      adsUrl: apiAdsUrl ?? LOCAL_HOSTS.ads,
      consumerKey,
      consumerSecret,
      ...accessToken,
    };
  }
  return (await context.store.load()).api;
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
 * `adsgraph audience upload <account> <audience> <file>` and `adsgraph do-not-reach-list upload
 * <account> <list> <file>`: rest-client's resumable upload of a file of identifiers, with the
 * `login --api` credentials (or the environment's token), a progress bar on stderr, and Ctrl-C
 * stopping at a batch boundary with the progress kept for a resume.
 */
export async function audienceUpload(
  context: CliContext,
  upload: { account: string; target: UploadTarget; file: string },
  options: AudienceUploadOptions,
): Promise<void> {
  const api = await apiUser(context);
  if (api === undefined) {
    throw new CliError(
      CLI_ERROR_CODES.NOT_SIGNED_IN,
      "uploads go to the ads API directly and need its credentials: run `adsgraph login --api`",
    );
  }
  const file = path.resolve(upload.file);
  await checkReadable(file);
  const { target } = upload;
  const identity = {
    account: upload.account,
    target:
      "custom_audience_id" in target
        ? target.custom_audience_id
        : `do-not-reach-list:${target.do_not_reach_list_id}`,
    file,
    ...options,
  };
  const progressFile = path.resolve(
    options.progress ?? defaultProgressFile(context.env.configDir, identity),
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
      account_id: upload.account,
      ...target,
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
