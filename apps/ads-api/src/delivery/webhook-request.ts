import { OutboundRefusedError } from "./outbound-guard.js";
import type { ActivityEvent as EventRow } from "../generated/prisma/client.js";
import { eventOf } from "./activity-event.js";
import type { OutboundResult } from "./webhook-http.js";
import type { AttemptResult } from "./webhook-queue.js";
import { REPLAY_HEADER, SIGNATURE_HEADER, signBody } from "./webhook-signature.js";

/** The POST of one delivery attempt. */
export interface DeliveryRequest {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Every attempt of every delivery (first, retry, replay) is built here, so every one is signed:
 * the body is the event under `data` (and `replay_job_id` on a replay), the signature header the
 * HMAC-SHA256 of exactly these bytes keyed by the app's consumer secret.
 */
export function deliveryRequest(
  event: EventRow,
  replayJobId: bigint | null,
  consumerSecret: string,
): DeliveryRequest {
  const body = JSON.stringify({
    data: eventOf(event),
    ...(replayJobId === null ? {} : { replay_job_id: replayJobId.toString() }),
  });
  return {
    body,
    headers: {
      "content-type": "application/json; charset=utf-8",
      [SIGNATURE_HEADER]: signBody(body, consumerSecret),
      ...(replayJobId === null ? {} : { [REPLAY_HEADER]: replayJobId.toString() }),
    },
  };
}

/** An answer: any 2xx delivers; anything else is a failure named by its status. */
export function answerResult(answer: OutboundResult): AttemptResult {
  const { status } = answer;
  if (status >= 200 && status < 300) return { status, error: null };
  return {
    status,
    error:
      status >= 300 && status < 400
        ? `answered a redirect (HTTP ${status}); redirects are not followed`
        : `answered HTTP ${status}`,
  };
}

/**
 * No answer: what the log says, from the error's name only — a message could carry an address
 * or an internal detail, which the log never shows.
 */
export function failureResult(error: unknown, timeoutMs: number): AttemptResult {
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  // issue 34: a refused address says why in our own words (its reason names no address).
  const refused = error instanceof Error && error.cause instanceof OutboundRefusedError;
  return {
    status: null,
    error: timedOut
      ? `no answer within ${timeoutMs} ms`
      : refused
        ? (error.cause as OutboundRefusedError).reason
        : "the URL could not be reached",
  };
}
