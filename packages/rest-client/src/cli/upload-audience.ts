// Uploads a file of identifiers to a custom audience or the do-not-reach list, resumably
// (README "Uploading audience users"). Progress lines go to stdout; never an identifier.
import { parseArgs } from "node:util";
import { AUDIENCE_IDENTIFIER_KINDS } from "@adsgraph/models";
import type { AudienceIdentifierKind } from "@adsgraph/models";
import { uploadAudienceUsers } from "../audience-upload.js";
import type { UploadReport } from "../audience-upload.js";
import { createRestClient } from "../client.js";
import { toRestClientError } from "../errors.js";
import { loadUploadEnv } from "./env.js";

const USAGE = `usage: upload-audience --file <path> --account <id> (--audience <id> | --do-not-reach-list <id>)
  [--kind ${AUDIENCE_IDENTIFIER_KINDS.join("|")}] [--operation Update|Delete]
  [--progress <path>] [--expires-at <time>] [--effective-at <time>] [--country-code <digits>]
env: UPLOAD_CONSUMER_KEY, UPLOAD_CONSUMER_SECRET, UPLOAD_ACCESS_TOKEN, UPLOAD_ACCESS_TOKEN_SECRET,
     ADS_API_ADS_URL (default the local ads-api)`;

function fail(message: string): never {
  console.error(`upload-audience: ${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    file: { type: "string" },
    account: { type: "string" },
    audience: { type: "string" },
    "do-not-reach-list": { type: "string" },
    kind: { type: "string", default: "email" },
    operation: { type: "string", default: "Update" },
    progress: { type: "string" },
    "expires-at": { type: "string" },
    "effective-at": { type: "string" },
    "country-code": { type: "string" },
  },
  strict: true,
});
const { file, account, audience } = values;
const list = values["do-not-reach-list"];
if (file === undefined || account === undefined) fail("--file and --account are required");
if ((audience === undefined) === (list === undefined))
  fail("give one of --audience and --do-not-reach-list");
const kind = values.kind as AudienceIdentifierKind;
if (!AUDIENCE_IDENTIFIER_KINDS.includes(kind)) fail(`--kind must be one of the kinds`);
if (values.operation !== "Update" && values.operation !== "Delete")
  fail("--operation must be Update or Delete");
const operation = values.operation;

let env;
try {
  env = loadUploadEnv();
} catch (error) {
  fail((error as Error).message);
}
const client = createRestClient({
  hosts: { ads: env.adsUrl },
  auth: {
    consumer: { consumerKey: env.consumerKey, consumerSecret: env.consumerSecret },
    token: { token: env.token, tokenSecret: env.tokenSecret },
  },
});

const line = (r: UploadReport) =>
  `${r.done ? "done" : "progress"} batches=${r.batches} read=${r.read} sent=${r.sent} ` +
  `accepted=${r.accepted} rejected=${r.rejected} retries=${r.retries} ` +
  `rate_limit_waits=${r.rateLimitWaits} rate=${r.recordsPerSecond}/s elapsed=${(r.elapsedMs / 1000).toFixed(1)}s`;

const abort = new AbortController();
process.once("SIGINT", () => {
  abort.abort();
});
const target =
  list === undefined ? { custom_audience_id: audience as string } : { do_not_reach_list_id: list };
try {
  const report = await uploadAudienceUsers(client, {
    account_id: account,
    ...target,
    operation,
    kind,
    source: file,
    progress: { file: values.progress ?? `${file}.progress.json` },
    expires_at: values["expires-at"],
    effective_at: values["effective-at"],
    hashOptions: { defaultCountryCode: values["country-code"] },
    signal: abort.signal,
    onProgress: (r) => {
      if (r.resumedFrom > 0 && r.batches === 0) return;
      if (!r.done) console.log(line(r));
    },
  });
  if (report.resumedFrom > 0)
    console.log(`resumed after ${report.resumedFrom} records (${report.resent} sent again)`);
  if (report.rejected > 0)
    console.log(`rejected by kind and reason: ${JSON.stringify(report.rejectedBy)}`);
  console.log(line(report));
} catch (error) {
  // The client's errors carry no credential and no identifier (the catalog marks them personal).
  console.error(`upload-audience: ${toRestClientError(error).message}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
