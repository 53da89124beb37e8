import type { Echo, EnvelopedResult } from "../services/results.js";

/** The body of a result, in the envelope its kind calls for. */
export function envelope(result: EnvelopedResult, echo: Echo): Record<string, unknown> {
  const dataType = result.dataType === undefined ? {} : { data_type: result.dataType };
  switch (result.kind) {
    case "single":
      return { request: { params: echo }, ...dataType, data: result.data };
    case "collection":
      return { request: { params: echo }, ...dataType, data: result.data };
    case "list":
      return {
        request: { params: echo },
        ...dataType,
        data: result.data,
        next_cursor: result.nextCursor,
        ...(result.totalCount === undefined ? {} : { total_count: result.totalCount }),
      };
    case "batch":
      return { request: result.request, ...dataType, data: result.data };
  }
}
