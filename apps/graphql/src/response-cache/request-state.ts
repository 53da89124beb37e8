import type { FastifyRequest } from "fastify";
import type { ResponseRecorder } from "./response-recorder.js";

/** A request the response cache missed and may store the answer of. */
export interface PendingResponse {
  key: string;
  userId: string;
  recorder: ResponseRecorder;
}

const pending = new WeakMap<FastifyRequest, PendingResponse>();

export function beginPending(request: FastifyRequest, state: PendingResponse): void {
  pending.set(request, state);
}

export function pendingOf(request: FastifyRequest): PendingResponse | undefined {
  return pending.get(request);
}
