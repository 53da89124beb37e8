import {
  dataPostCreateResultSchema,
  dataPostGetSchema,
  dataPostsLookupSchema,
} from "@adsgraph/models";
import type { DataPostCreateResult, DataPostGet, DataPostsLookup } from "@adsgraph/models";
import { buildBasicAuthorization } from "@adsgraph/oauth";
import type { TestServer } from "./server.js";
import type { Actor } from "./actors.js";
import type { ApiResponse, Query } from "./signed-fetch.js";
import { withQuery } from "./signed-fetch.js";

/**
 * Helpers of the post-data API v2 tests (spec §4.9): the app-only bearer token of an actor's
 * app, lookups with it, and creates signed as the actor. Every 2xx answer is parsed with the
 * catalog's schema, so a shape the contract does not allow fails the test that got it.
 */

/** A clock the test sets: frozen between moves, so edit-window edges are exact. */
export function movableClock(start = Date.now()): {
  now: () => Date;
  advance: (ms: number) => void;
} {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

async function answerOf(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json") && text !== "";
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: json ? (JSON.parse(text) as unknown) : undefined,
  };
}

/** The app-only bearer token of the actor's app (POST /oauth2/token with its API key). */
export async function appBearer(server: TestServer, actor: Actor): Promise<string> {
  const response = await fetch(`${server.urls.base}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: buildBasicAuthorization(actor.consumerKey, actor.consumerSecret),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const body = (await response.json()) as { access_token?: unknown };
  if (typeof body.access_token !== "string") throw new Error("no bearer token");
  return body.access_token;
}

/** GET /2/posts with the bearer token (or whatever `authorization` says). */
export async function lookupRaw(
  server: TestServer,
  query: Query,
  authorization: string | undefined,
): Promise<ApiResponse> {
  return answerOf(
    await fetch(withQuery(server.urls.base, "/2/posts", query), {
      headers: authorization === undefined ? {} : { authorization },
    }),
  );
}

/** A lookup that must answer 200, parsed with the catalog's schema. */
export async function lookup(
  server: TestServer,
  bearer: string,
  query: Query,
): Promise<DataPostsLookup> {
  const response = await lookupRaw(server, query, `Bearer ${bearer}`);
  if (response.status !== 200) throw new Error(`lookup: ${response.status} ${response.text}`);
  return dataPostsLookupSchema.parse(response.body);
}

/** GET /2/posts/:id (beyond the spec) with whatever `authorization` says. */
export async function getPostRaw(
  server: TestServer,
  id: string,
  query: Query,
  authorization: string | undefined,
): Promise<ApiResponse> {
  return answerOf(
    await fetch(withQuery(server.urls.base, `/2/posts/${encodeURIComponent(id)}`, query), {
      headers: authorization === undefined ? {} : { authorization },
    }),
  );
}

/** A single read with the bearer token that must answer 200, parsed with the catalog's schema. */
export async function getPost(
  server: TestServer,
  bearer: string,
  id: string,
  query: Query = {},
): Promise<DataPostGet> {
  const response = await getPostRaw(server, id, query, `Bearer ${bearer}`);
  if (response.status !== 200) throw new Error(`get: ${response.status} ${response.text}`);
  return dataPostGetSchema.parse(response.body);
}

/** POST /2/posts signed as the actor. */
export function createRaw(actor: Actor, json: unknown): Promise<ApiResponse> {
  return actor.client.post("/2/posts", { json }, "base");
}

/** A create that must answer 201 Created, parsed with the catalog's schema. */
export async function createPost(actor: Actor, json: unknown): Promise<DataPostCreateResult> {
  const response = await createRaw(actor, json);
  if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
  return dataPostCreateResultSchema.parse(response.body);
}

/** The id part of a media key (`3_123` → `123`): what `media.media_ids` takes. */
export function mediaIdOf(mediaKey: string): string {
  return mediaKey.slice(mediaKey.indexOf("_") + 1);
}
