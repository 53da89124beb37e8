// The whole-response cache of the "plain-cached" baseline (issue 37): what a plain server with an
// in-memory response cache does at the least. The key is the raw text of a POST body (query and
// variables as the client sent them; no user, the plain server has none); a hit replays, from a
// preHandler, the bytes and content type Apollo sent the first time (stored in onSend). No
// expiry, no bound: the bench sends a handful of distinct bodies.
import type { FastifyInstance, FastifyRequest } from "fastify";

interface CachedAnswer {
  body: Buffer;
  contentType: string;
}

/** The raw body text of a request, kept by the JSON parser below. */
const rawBodies = new WeakMap<FastifyRequest, string>();
/** Requests answered from the cache: onSend must not store them again. */
const hits = new WeakSet<FastifyRequest>();

export function addResponseCache(app: FastifyInstance): void {
  const answers = new Map<string, CachedAnswer>();
  // Fastify's own JSON parser, keeping the text it parsed (one read of the body, as before).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, text, done) => {
    const body = typeof text === "string" ? text : text.toString("utf8");
    rawBodies.set(request, body);
    try {
      done(null, body === "" ? undefined : JSON.parse(body));
    } catch (error) {
      done(error instanceof Error ? Object.assign(error, { statusCode: 400 }) : null, undefined);
    }
  });
  // Callback hooks: no promise per request. A hit sends and does not call done (Fastify's way
  // of answering from a hook).
  app.addHook("preHandler", (request, reply, done) => {
    const key = request.method === "POST" ? rawBodies.get(request) : undefined;
    const answer = key === undefined ? undefined : answers.get(key);
    if (answer === undefined) {
      done();
      return;
    }
    hits.add(request);
    void reply.header("content-type", answer.contentType).send(answer.body);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const key = rawBodies.get(request);
    const contentType = reply.getHeader("content-type");
    if (
      key !== undefined &&
      !hits.has(request) &&
      reply.statusCode === 200 &&
      typeof contentType === "string" &&
      (typeof payload === "string" || Buffer.isBuffer(payload))
    )
      answers.set(key, { body: Buffer.from(payload), contentType });
    done(null, payload);
  });
}
