import { initContextCache } from "@pothos/core";
import { graphql } from "graphql";
import type { ExecutionResult } from "graphql";
import type { GraphQLContext } from "../../src/context.js";
import { requestCost } from "../../src/cost/rate-limit-credit.js";
import { createLoaders } from "../../src/loaders/loaders.js";
import { ResponseRecorder } from "../../src/response-cache/response-recorder.js";
import { schema } from "../../src/schema/index.js";
import { CacheMarks } from "../../src/snapshots/cache-report.js";
import { createRequestCounter } from "../../src/upstream/request-counter.js";
import { answerLookup } from "./fake-post-data.js";
import type { PostStore } from "./fake-post-data.js";
import { scriptedClient } from "./scripted-client.js";
import type { ScriptedCall } from "./scripted-client.js";

/**
 * For tests: the real schema executed over a scripted upstream (a real rest-client: catalog
 * validation included) whose post-data lookups answer from `store`; other endpoints answer
 * `others` (or fail). Every call is recorded.
 */
export function postGraph(store: PostStore, others: (call: ScriptedCall) => unknown = fail) {
  const { client, calls } = scriptedClient((call) =>
    call.endpointId === "post_data.posts.lookup" ? answerLookup(store, call.params) : others(call),
  );
  const run = async (
    source: string,
    variableValues?: Record<string, unknown>,
  ): Promise<ExecutionResult> => {
    const context = {
      ...initContextCache(),
      db: {} as GraphQLContext["db"],
      viewer: { userId: "1", screenName: "demo" },
      session: null,
      sessionProblem: null,
      upstream: client,
      requestCounter: createRequestCounter(),
      cost: requestCost(() => null),
      loaders: createLoaders(client, { batching: true }),
      accessKnown: () => false,
      cacheMarks: new CacheMarks(),
      history: () => Promise.resolve([]),
      responseRecorder: new ResponseRecorder(),
      activity: {} as GraphQLContext["activity"],
      traceContext: undefined,
    } satisfies GraphQLContext;
    return graphql({
      schema,
      source,
      contextValue: context,
      ...(variableValues && { variableValues }),
    });
  };
  return { run, calls };
}

function fail(call: ScriptedCall): never {
  throw new Error(`unexpected upstream call ${call.endpointId}`);
}

/** The field parameters of a lookup call, as sent (absent lists left out). */
export function fieldParams(call: ScriptedCall): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ["post.fields", "expansions", "media.fields", "user.fields"]) {
    if (call.params[name] !== undefined) out[name] = call.params[name];
  }
  return out;
}
