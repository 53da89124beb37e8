import { splitCommaList } from "@adsgraph/models";
import type { Campaign } from "@adsgraph/models";
import { campaign, customAudience, listEnvelope } from "./fixtures.js";
import { json } from "./scripted-server.js";
import type { Handler, RecordedRequest, Reply } from "./scripted-server.js";

/**
 * A small in-test fake of the list and batch semantics of spec §2.1/§4.2/§7, enough for this
 * package's own tests: campaigns listed with campaign_ids, count and an offset cursor;
 * custom-audience batches that are all-or-nothing with operation_errors by input index.
 * The real server (apps/ads-api) is exercised by the integration tests in tests/ (repo root).
 */
export function fakeCampaigns(all: Campaign[]): Handler {
  return (request: RecordedRequest): Reply => {
    const ids = request.query.get("campaign_ids");
    let items = ids === null ? all : all.filter((c) => splitCommaList(ids).includes(c.id));
    if (ids !== null && splitCommaList(ids).length > 200) {
      return json(400, {
        errors: [{ code: "TOO_MANY_IDS", message: "at most 200", parameter: "campaign_ids" }],
      });
    }
    if (request.query.get("with_deleted") !== "true") items = items.filter((c) => !c.deleted);
    const count = Number(request.query.get("count") ?? "200");
    const cursor = request.query.get("cursor");
    const offset = cursor === null ? 0 : Number(cursor.replace(/^c/, ""));
    const page = items.slice(offset, offset + count);
    const next = offset + count < items.length ? `c${offset + count}` : null;
    const total = request.query.get("with_total_count") === "true" ? items.length : undefined;
    return json(200, listEnvelope(page, next, total));
  };
}

export function manyCampaigns(n: number): Campaign[] {
  return Array.from({ length: n }, (_, i) => campaign(`c${i}`));
}

interface Operation {
  operation_type: string;
  params: { name?: string; custom_audience_id?: string };
}

/** custom_audiences.batch: an item named "bad…" fails the whole request with its index. */
export function fakeAudienceBatch(): Handler {
  let next = 0;
  return (request: RecordedRequest): Reply => {
    const operations = JSON.parse(request.body) as Operation[];
    const errors = operations.map((op) =>
      op.params.name?.startsWith("bad") === true
        ? [{ code: "INVALID_PARAMETER", message: "name is not allowed", parameter: "name" }]
        : [],
    );
    if (errors.some((e) => e.length > 0)) {
      return json(400, {
        errors: [{ code: "BATCH_FAILED", message: "one or more operations failed" }],
        operation_errors: errors,
      });
    }
    return json(200, {
      request: operations.map((op) => ({ params: op.params, operation_type: op.operation_type })),
      data: operations.map((op) => customAudience(`ca${next++}`, op.params.name ?? "x")),
    });
  };
}
