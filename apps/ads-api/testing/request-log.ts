import type { LoggedRequest, RequestCounts } from "../src/logging/request-log.js";

/**
 * What ads-api received, read from its own request log over HTTP (`/_admin/requests`, loopback
 * clients only, never counted itself): the same reads for a server in this process, one in a
 * process of its own and each replica of several. A restarted server keeps its URLs, so a
 * reader outlives a restart (the log starts empty again).
 */
export interface RequestLogReader {
  /** Requests served since the last reset: in total, by catalog endpoint id, by host role. */
  counts(): Promise<RequestCounts>;
  /** The logged requests, oldest first (the last 10,000); only those of `endpointId` if given. */
  entries(endpointId?: string): Promise<LoggedRequest[]>;
  /** Empties the log: counts and entries. */
  reset(): Promise<void>;
}

async function answer<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The request log of the ads-api listening at `url` (any role's origin: they share one log). */
export function requestLogAt(url: string): RequestLogReader {
  const at = `${url}/_admin/requests`;
  return {
    counts: async () => {
      const { total, byEndpoint, byRole } = await answer<RequestCounts>(await fetch(at));
      return { total, byEndpoint, byRole };
    },
    entries: async (endpointId) => {
      const { entries } = await answer<{ entries: LoggedRequest[] }>(
        await fetch(`${at}?entries=true`),
      );
      return endpointId === undefined
        ? entries
        : entries.filter((entry) => entry.endpointId === endpointId);
    },
    reset: async () => {
      await answer(await fetch(at, { method: "DELETE" }));
    },
  };
}
