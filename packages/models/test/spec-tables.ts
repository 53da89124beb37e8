import { readFileSync } from "node:fs";
import type { ApiVersion, HostRole, HttpMethod } from "../src/index.js";

/** An endpoint the spec lists: one method on one path. */
export interface SpecEndpoint {
  readonly section: string;
  readonly method: HttpMethod;
  readonly host: HostRole;
  readonly version: ApiVersion | null;
  /**
   * The one path of this method. A `[/:id]` row stands for several endpoints, each required on
   * its own: GET on both forms (the list and the single read), POST on the collection, PUT and
   * DELETE on the item.
   */
  readonly paths: readonly [string];
  readonly row: string;
}

export const SPEC_PATH = new URL(
  "../../../../shared/spec/ads-service-interface.md",
  import.meta.url,
);

const METHODS = /^(GET|POST|PUT|DELETE)( \/ (GET|POST|PUT|DELETE))*$/;
const VERSIONED = /^\/(12|5|2|1\.1)(\/.*)$/;

function cells(line: string): string[] {
  return line
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** `/12/accounts/:account_id` → version 12, path `/accounts/:account_id`. */
function splitVersion(raw: string): { version: ApiVersion | null; path: string } {
  const match = VERSIONED.exec(raw);
  if (match === null) return { version: null, path: raw };
  return { version: match[1] as ApiVersion, path: match[2] ?? "" };
}

/**
 * The paths one method of a row stands for: `/a/permissions[/:id]` is, for GET, both
 * `/a/permissions` and `/a/permissions/:id`; for POST the collection; for PUT and DELETE the item.
 */
export function expandOptional(path: string, method: HttpMethod): string[] {
  const match = /^(.*)\[(\/[^\]]+)\](.*)$/.exec(path);
  if (match === null) return [path];
  const [, before = "", optional = "", after = ""] = match;
  const collection = `${before}${after}`;
  const item = `${before}${optional}${after}`;
  if (method === "GET") return [collection, item];
  return method === "POST" ? [collection] : [item];
}

/**
 * Walks every table of spec §4 whose rows start with an HTTP method and a path, plus the
 * two activity endpoints named in §6's prose. Handles `{ads_sandbox_url}` prefixes, the
 * version segments, "same path" rows (the previous row's path), "GET / DELETE" rows and
 * `[/:id]` optional segments.
 */
export function readSpecEndpoints(markdown = readFileSync(SPEC_PATH, "utf8")): SpecEndpoint[] {
  const found: SpecEndpoint[] = [];
  let section = "";
  let inEndpoints = false;
  let previousPath = "";
  for (const line of markdown.split("\n")) {
    const heading = /^(#{2,3}) (\d+(?:\.\d+)?)\.? /.exec(line);
    if (heading !== null) {
      section = heading[2] ?? "";
      inEndpoints = section.startsWith("4");
      continue;
    }
    if (!inEndpoints || !line.startsWith("|")) continue;
    const [methodCell = "", pathCell = ""] = cells(line);
    if (!METHODS.test(methodCell)) continue;
    let raw = pathCell.startsWith("same path") ? previousPath : (pathCell.split(" ")[0] ?? "");
    previousPath = raw;
    let host: HostRole = section === "4.1" || section === "4.9" ? "base" : "ads";
    if (raw.startsWith("{ads_sandbox_url}")) {
      host = "ads-sandbox";
      raw = raw.slice("{ads_sandbox_url}".length);
    }
    const { version, path } = splitVersion(raw);
    for (const method of methodCell.split(" / ") as HttpMethod[]) {
      for (const expanded of expandOptional(path, method)) {
        found.push({ section, method, host, version, paths: [expanded], row: line.slice(0, 120) });
      }
    }
  }
  // §6 names its endpoints in prose, and §9 the replay endpoint (POST /2/webhooks/replay).
  for (const [section, heading] of [
    ["6", "## 6\\. Events"],
    ["9", "## 9\\. Versioning"],
  ] as const) {
    const text = new RegExp(`${heading}([\\s\\S]*?)(\\n## |$)`).exec(markdown)?.[1] ?? "";
    for (const match of text.matchAll(/`(GET|POST) (\/2\/[^`]+)`/g)) {
      const { version, path } = splitVersion(match[2] ?? "");
      found.push({
        section,
        method: match[1] as HttpMethod,
        host: "base",
        version,
        paths: [path],
        row: match[0],
      });
    }
  }
  return found;
}
