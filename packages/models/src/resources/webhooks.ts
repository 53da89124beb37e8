import { z } from "zod";
import { digitId, timestamp } from "../scalars.js";
import { activityEventSchema } from "./activity.js";

/**
 * A registered webhook, as X API v2 answers it (spec §6 "or by webhooks"; fields beyond the
 * spec): `valid` is the result of the last CRC check — only a valid webhook gets deliveries.
 */
export const webhookSchema = z.looseObject({
  id: digitId,
  url: z.string(),
  valid: z.boolean(),
  created_at: timestamp,
});
export type Webhook = z.output<typeof webhookSchema>;

/** POST /2/webhooks and PUT /2/webhooks/:webhook_id answer the webhook under `data`. */
export const webhookAnswerSchema = z.looseObject({ data: webhookSchema });
export type WebhookAnswer = z.output<typeof webhookAnswerSchema>;

/** GET /2/webhooks: the app's webhooks, oldest first, and their count (X's `meta`). */
export const webhookListSchema = z.looseObject({
  data: z.array(webhookSchema),
  meta: z.looseObject({ result_count: z.number().int().min(0) }),
});
export type WebhookList = z.output<typeof webhookListSchema>;

/** DELETE /2/webhooks/:webhook_id, as X answers it. */
export const webhookDeleteAnswerSchema = z.looseObject({
  data: z.looseObject({ deleted: z.boolean() }),
});
export type WebhookDeleteAnswer = z.output<typeof webhookDeleteAnswerSchema>;

/** spec §9 POST /2/webhooks/replay: the job that re-delivers the window (X's answer). */
export const webhookReplayAnswerSchema = z.looseObject({
  data: z.looseObject({ job_id: digitId, created_at: timestamp }),
});
export type WebhookReplayAnswer = z.output<typeof webhookReplayAnswerSchema>;

/**
 * The JSON body of one delivery: one stored event under `data` (the same object a stream line
 * carries), and `replay_job_id` when a replay job re-delivers it. The body is signed
 * (`x-twitter-webhooks-signature`), so receivers can trust the mark.
 */
export const webhookDeliverySchema = z.looseObject({
  data: activityEventSchema,
  replay_job_id: digitId.optional(),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

/** Where a delivery stands (issue 34): being tried, taken by a 2xx, or given up after its last try. */
export const WEBHOOK_DELIVERY_STATES = ["pending", "delivered", "dead"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * One entry of a webhook's delivery log (issue 34, beyond the spec; after GitHub's and Stripe's
 * webhook delivery logs): one event to one webhook. `last_status` is the receiver's HTTP status
 * on the last attempt (null when none answered); `last_error` says why that attempt failed, in
 * this service's words (null once delivered); `next_attempt_at` is set while pending.
 */
export const webhookDeliveryRecordSchema = z.looseObject({
  id: digitId,
  event_id: digitId,
  replay_job_id: digitId.nullable(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int().min(0),
  created_at: timestamp,
  last_attempt_at: timestamp.nullable(),
  next_attempt_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
});
export type WebhookDeliveryRecord = z.output<typeof webhookDeliveryRecordSchema>;

/**
 * GET /2/webhooks/:webhook_id/deliveries: a page of the log, newest first, its size, and the
 * cursor of the next page (null on the last), as every paged list of this API names it.
 */
export const webhookDeliveryLogSchema = z.looseObject({
  data: z.array(webhookDeliveryRecordSchema),
  meta: z.looseObject({ result_count: z.number().int().min(0) }),
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryLog = z.output<typeof webhookDeliveryLogSchema>;
