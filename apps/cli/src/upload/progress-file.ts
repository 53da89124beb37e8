import { createHash } from "node:crypto";
import path from "node:path";

export interface UploadIdentity {
  readonly account: string;
  /** The custom audience id, or `do-not-reach-list:<id>`. */
  readonly target: string;
  readonly file: string;
  readonly operation: string;
  readonly kind: string;
}

/**
 * Where an upload keeps its progress unless `--progress` says: beside the credentials, one file
 * per account, audience (or do-not-reach list), source path, operation and kind, so running the same command again
 * finds it. It holds counts and a fingerprint of the source, never an identifier.
 */
export function defaultProgressFile(configDir: string, upload: UploadIdentity): string {
  const key = JSON.stringify([
    upload.account,
    upload.target,
    path.resolve(upload.file),
    upload.operation,
    upload.kind,
  ]);
  const digest = createHash("sha256").update(key).digest("hex").slice(0, 16);
  return path.join(configDir, "uploads", `${digest}.json`);
}
