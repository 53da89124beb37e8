import { replayDate } from "../fields/replay-dates.js";
import { z } from "zod";
import { webhookUrl } from "../fields/urls.js";
import {
  WEBHOOK_DELIVERY_STATES,
  webhookAnswerSchema,
  webhookDeleteAnswerSchema,
  webhookDeliveryLogSchema,
  webhookListSchema,
  webhookReplayAnswerSchema,
} from "../resources/webhooks.js";
import { replayWindow } from "../rules/webhooks.js";
import { digitId } from "../scalars.js";
import { WEBHOOK_LIMITS } from "../webhook-limits.js";
import { pagingParams } from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { rawJson } from "./responses.js";

/**
 * spec §6 says events are delivered "by webhooks" and §9 names POST /2/webhooks/replay, but
 * neither shows how a webhook is registered: these follow X API v2's webhook endpoints.
 */
const WEBHOOKS_BEYOND_SPEC =
  "issue 18: §6 delivers events by webhooks without showing their registration; modelled on X API v2 /2/webhooks";

/**
 * Neither the spec nor X shows a delivery log: issue 34 asks for one a developer can read and
 * re-drive (with §9's replay), as GitHub's and Stripe's webhooks keep theirs.
 */
const DELIVERY_LOG_BEYOND_SPEC =
  "issue 34 (issue 18's webhooks): a delivery log to read and re-drive, as GitHub's and Stripe's webhook deliveries; the spec and X show none";

/** spec §6 webhooks and §9 replay: the app's own (bearer, or the OAuth 1.0a consumer). */
export const webhookEndpoints = group(
  endpoint({
    id: "webhooks.create",
    method: "POST",
    host: "base",
    version: "2",
    path: "/webhooks",
    auth: "bearer-or-oauth1",
    summary: "Register the app's webhook; it is stored valid only once it answers the CRC check.",
    params: { url: webhookUrl() },
    location: "json",
    response: rawJson(webhookAnswerSchema),
    beyondSpec: WEBHOOKS_BEYOND_SPEC,
  }),
  endpoint({
    id: "webhooks.list",
    method: "GET",
    host: "base",
    version: "2",
    path: "/webhooks",
    auth: "bearer-or-oauth1",
    summary: "The app's webhooks with the result of their last CRC check.",
    params: {},
    response: rawJson(webhookListSchema),
    beyondSpec: WEBHOOKS_BEYOND_SPEC,
  }),
  endpoint({
    id: "webhooks.validate",
    method: "PUT",
    host: "base",
    version: "2",
    path: "/webhooks/:webhook_id",
    auth: "bearer-or-oauth1",
    summary: "Run the CRC check again; a webhook that fails it gets no deliveries.",
    params: { webhook_id: digitId },
    response: rawJson(webhookAnswerSchema),
    beyondSpec: WEBHOOKS_BEYOND_SPEC,
  }),
  endpoint({
    id: "webhooks.delete",
    method: "DELETE",
    host: "base",
    version: "2",
    path: "/webhooks/:webhook_id",
    auth: "bearer-or-oauth1",
    summary: "Remove the app's webhook and its pending deliveries.",
    params: { webhook_id: digitId },
    response: rawJson(webhookDeleteAnswerSchema),
    beyondSpec: WEBHOOKS_BEYOND_SPEC,
  }),
  endpoint({
    id: "webhooks.deliveries.list",
    method: "GET",
    host: "base",
    version: "2",
    path: "/webhooks/:webhook_id/deliveries",
    auth: "bearer-or-oauth1",
    summary:
      "The webhook's delivery log, newest first: each event's state (pending, delivered, dead), attempts and last result.",
    params: {
      webhook_id: digitId,
      state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
      ...pagingParams(WEBHOOK_LIMITS.deliveryLogCount),
    },
    response: rawJson(webhookDeliveryLogSchema),
    beyondSpec: DELIVERY_LOG_BEYOND_SPEC,
  }),
  endpoint({
    id: "webhooks.replay",
    method: "POST",
    host: "base",
    version: "2",
    path: "/webhooks/replay",
    auth: "bearer-or-oauth1",
    summary:
      "Re-deliver the app's events of a window (YYYYMMDDHHmm UTC, at most 5 days) to its webhook, dead deliveries included.",
    params: { webhook_id: digitId, from_date: replayDate(), to_date: replayDate() },
    rules: [replayWindow],
    location: "json",
    response: rawJson(webhookReplayAnswerSchema),
  }),
);
