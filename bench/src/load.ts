import autocannon from "autocannon";

/** One request of a load run; `sign` (when given) sets headers afresh for each request sent. */
export interface LoadRequest {
  method: "GET" | "POST";
  /** Path and query on the target's origin. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Headers to add to each request as it is sent (a fresh OAuth signature needs a new nonce). */
  sign?: () => Record<string, string>;
}

/** What one load run measured. */
export interface LoadResult {
  seconds: number;
  /** Answers read (any status). */
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
}

/**
 * Drives `connections` connections for `seconds` at `origin`, each sending `requests` in turn
 * (a multi-page walk cycles through its pages), a new request as soon as the last was answered.
 * autocannon's own timeout (10 s) stands: a request slower than that counts as an error.
 */
export async function load(
  origin: string,
  requests: readonly LoadRequest[],
  connections: number,
  seconds: number,
  /** Exactly this many requests instead of `seconds` of them (the memory rows). */
  amount?: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    ...(amount !== undefined && { amount }),
    requests: requests.map((request) => ({
      method: request.method,
      path: request.path,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      ...(request.sign && {
        setupRequest: (raw: autocannon.Request) => ({
          ...raw,
          headers: { ...raw.headers, ...request.sign?.() },
        }),
      }),
    })),
  });
  const answered = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    seconds: result.duration,
    requests: answered,
    requestsPerSecond: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
