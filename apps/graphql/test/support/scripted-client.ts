import type { EndpointId } from "@adsgraph/models";
import { answerWith, createRestClient } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";

export interface ScriptedCall {
  readonly endpointId: EndpointId;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * For tests: a real RestClient (catalog validation, paging, getMany, middleware) whose calls
 * are answered by `answer` in a middleware, so nothing is sent. `answer` returns the body or
 * throws the failure; every call is recorded.
 */
export function scriptedClient(answer: (call: ScriptedCall) => unknown): {
  client: RestClient;
  calls: ScriptedCall[];
} {
  const calls: ScriptedCall[] = [];
  const client = createRestClient({
    middleware: [
      async ({ endpointId, params }) => {
        calls.push({ endpointId, params });
        const body = await answer({ endpointId, params });
        return answerWith(body);
      },
    ],
  });
  return { client, calls };
}
