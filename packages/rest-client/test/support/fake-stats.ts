import { gzipSync } from "node:zlib";
import { splitCommaList } from "@adsgraph/models";
import { json } from "./scripted-server.js";
import type { Handler, RecordedRequest, Reply } from "./scripted-server.js";

/** What the fake answers for a job when polled the n-th time (0-based). */
export type JobScript = (poll: number) => "PROCESSING" | "SUCCESS" | "FAILED" | "EXPIRED";

/** A result file body in the vendor's words (`retweets`), one entry per id. */
export function resultBody(ids: readonly string[], length = 1) {
  return {
    data_type: "stats",
    time_series_length: length,
    data: ids.map((id) => ({
      id,
      id_data: [{ segment: null, metrics: { impressions: Array(length).fill(7), retweets: null } }],
    })),
    request: { params: {} },
  };
}

export interface FakeStats {
  readonly handler: Handler;
  /** Requests by endpoint: creates, polls, downloads, cancels, syncs. */
  readonly seen: {
    create: number;
    list: number;
    result: number;
    delete: string[];
    get: RecordedRequest[];
  };
}

/**
 * A small in-test fake of ads-api's analytics routes: jobs created PROCESSING, then as
 * `script` says per poll; result files gzip-compressed at `resultUrl(file)` (default: this
 * server); `stats.get` answers 7 per bucket for each id.
 */
export function fakeStats(
  options: {
    script?: JobScript;
    resultUrl?: (origin: string, file: string) => string;
    resultBytes?: (ids: readonly string[]) => Uint8Array;
  } = {},
): FakeStats {
  const script = options.script ?? (() => "SUCCESS");
  const jobs = new Map<string, { ids: string[]; polls: number; status: string }>();
  const seen: FakeStats["seen"] = { create: 0, list: 0, result: 0, delete: [], get: [] };
  let next = 100_000_000_000_000_001n;
  const jobOf = (id: string, origin: string) => {
    const job = jobs.get(id);
    if (job === undefined) throw new Error(`no job ${id}`);
    const file = `${id}-tok.json.gz`;
    return {
      id,
      id_str: id,
      account_id: "acc1",
      status: job.status,
      entity: "CAMPAIGN",
      entity_ids: job.ids,
      start_time: "2026-10-01T00:00:00Z",
      end_time: "2026-10-31T00:00:00Z",
      granularity: "TOTAL",
      placement: "ALL_ON_TWITTER",
      metric_groups: ["ENGAGEMENT"],
      segmentation_type: null,
      country: null,
      platform: null,
      url:
        job.status === "SUCCESS"
          ? (options.resultUrl ?? ((o: string, f: string) => `${o}/stats/results/${f}`))(
              origin,
              file,
            )
          : null,
      expires_at: null,
      created_at: "2026-11-01T00:00:00Z",
      updated_at: "2026-11-01T00:00:00Z",
    };
  };
  const handler: Handler = (request): Reply => {
    const origin = `http://${request.headers.host ?? ""}`;
    if (request.method === "POST" && request.path === "/12/stats/jobs/accounts/acc1") {
      seen.create += 1;
      const id = String(next++);
      const ids = splitCommaList(
        new URLSearchParams(request.body).get("entity_ids") ??
          request.query.get("entity_ids") ??
          "",
      );
      jobs.set(id, { ids, polls: 0, status: "PROCESSING" });
      return json(200, { request: { params: {} }, data: jobOf(id, origin) });
    }
    if (request.method === "GET" && request.path === "/12/stats/jobs/accounts/acc1") {
      seen.list += 1;
      const data = splitCommaList(request.query.get("job_ids") ?? "").map((id) => {
        const job = jobs.get(id);
        if (job !== undefined && job.status === "PROCESSING") job.status = script(job.polls++);
        return jobOf(id, origin);
      });
      return json(200, { request: { params: {} }, data, next_cursor: null });
    }
    const cancel = /^\/12\/stats\/jobs\/accounts\/acc1\/(\d+)$/.exec(request.path);
    if (request.method === "DELETE" && cancel?.[1] !== undefined) {
      seen.delete.push(cancel[1]);
      const job = jobs.get(cancel[1]);
      if (job !== undefined) job.status = "CANCELLED";
      return json(200, { request: { params: {} }, data: jobOf(cancel[1], origin) });
    }
    const file = /^\/stats\/results\/(\d+)-tok\.json\.gz$/.exec(request.path);
    if (request.method === "GET" && file?.[1] !== undefined) {
      seen.result += 1;
      const ids = jobs.get(file[1])?.ids ?? [];
      const bytes = options.resultBytes?.(ids) ?? gzipSync(JSON.stringify(resultBody(ids)));
      const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
      const type = gzip ? "application/gzip" : "application/octet-stream";
      return { status: 200, body: bytes, headers: { "content-type": type } };
    }
    if (request.method === "GET" && request.path === "/12/stats/accounts/acc1") {
      seen.get.push(request);
      const ids = splitCommaList(request.query.get("entity_ids") ?? "");
      const hours =
        (Date.parse(request.query.get("end_time") ?? "") -
          Date.parse(request.query.get("start_time") ?? "")) /
        3_600_000;
      const granularity = request.query.get("granularity");
      const length =
        granularity === "TOTAL" ? 1 : granularity === "DAY" ? Math.ceil(hours / 24) : hours;
      return json(200, resultBody(ids, length));
    }
    return json(404, { errors: [{ code: "NOT_FOUND", message: `no route ${request.path}` }] });
  };
  return { handler, seen };
}
