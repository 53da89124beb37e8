import { WEBHOOK_LIMITS, parseReplayDate } from "@adsgraph/models";
import type { Webhook } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { BadRequestError, ConflictError, NotFoundError } from "../errors.js";
import type { App, Webhook as WebhookRow } from "../generated/prisma/client.js";
import { createUnderCap } from "./owner-cap.js";
import { ts } from "./time.js";
import { crcProblem } from "../delivery/webhook-crc.js";
import { assertPublicDestination } from "./webhook-destination.js";
import type { Presented } from "./presented.js";

/** The largest id PostgreSQL's BIGINT holds: a larger webhook id names none. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * Deliveries one replay may queue: a window holding more is refused (narrow it). Bounds what one
 * request adds to the shared queue.
 */
export const REPLAY_MAX_EVENTS = 100_000;

export function webhookOf(row: WebhookRow): Presented<Webhook> {
  return { id: row.id.toString(), url: row.url, valid: row.valid, created_at: ts(row.createdAt) };
}

function crcFailed(problem: string): BadRequestError {
  return BadRequestError.of("CRC_FAILED", `CRC failed: ${problem}`, "url");
}

/** The app's webhook of that id; another app's is 404 like a missing one. */
export async function ownWebhook(
  ctx: AppContext,
  appId: string,
  webhookId: string,
): Promise<WebhookRow> {
  const id = BigInt(webhookId);
  const row = id > MAX_BIGINT ? null : await ctx.prisma.webhook.findFirst({ where: { id, appId } });
  if (row === null) throw new NotFoundError(`webhook ${webhookId} does not exist`, "webhook_id");
  return row;
}

/**
 * POST /2/webhooks: the URL must pass the CRC check (keyed by the app's consumer secret)
 * before anything is stored; a failure is a 400 saying why, and nothing is stored. An app
 * holds at most WEBHOOK_LIMITS.perApp webhooks (409 past it: the existing one conflicts).
 */
export async function registerWebhook(ctx: AppContext, app: App, url: string): Promise<Webhook> {
  const held = await ctx.prisma.webhook.count({ where: { appId: app.id } });
  if (held >= WEBHOOK_LIMITS.perApp) throw tooMany();
  await assertPublicDestination(ctx, url);
  const problem = await crcProblem(
    url,
    ctx.secrets.open(app.consumerSecretEnc),
    ctx.limits.webhookTimeoutMs,
    ctx.outbound.dispatcher,
  );
  if (problem !== undefined) throw crcFailed(problem);
  // Counted again under the app's cap lock: two registrations racing through their CRC checks.
  const row = await createUnderCap(ctx.prisma, {
    owner: `webhook:${app.id}`,
    cap: WEBHOOK_LIMITS.perApp,
    held: (tx) => tx.webhook.count({ where: { appId: app.id } }),
    create: (tx) =>
      tx.webhook.create({ data: { appId: app.id, url, valid: true, createdAt: ctx.clock() } }),
    refuse: tooMany,
  });
  return webhookOf(row);
}

function tooMany(): ConflictError {
  return new ConflictError(
    "TOO_MANY_WEBHOOKS",
    `an app may register at most ${WEBHOOK_LIMITS.perApp} webhook; delete the existing one first`,
    "url",
  );
}

export async function listWebhooks(ctx: AppContext, appId: string): Promise<Webhook[]> {
  const rows = await ctx.prisma.webhook.findMany({ where: { appId }, orderBy: { id: "asc" } });
  return rows.map(webhookOf);
}

/** DELETE /2/webhooks/:webhook_id: its deliveries (pending ones and the log) go with it. */
export async function deleteWebhook(
  ctx: AppContext,
  appId: string,
  webhookId: string,
): Promise<void> {
  const row = await ownWebhook(ctx, appId, webhookId);
  await ctx.prisma.webhook.deleteMany({ where: { id: row.id } });
}

/**
 * PUT /2/webhooks/:webhook_id: the CRC check again. Its result is stored either way (X's
 * behaviour): a pass makes the webhook valid (its held deliveries resume), a failure makes it
 * invalid (it gets no deliveries) and answers 400 saying why.
 */
export async function revalidateWebhook(
  ctx: AppContext,
  app: App,
  webhookId: string,
): Promise<Webhook> {
  const row = await ownWebhook(ctx, app.id, webhookId);
  const problem = await crcProblem(
    row.url,
    ctx.secrets.open(app.consumerSecretEnc),
    ctx.limits.webhookTimeoutMs,
    ctx.outbound.dispatcher,
  );
  const updated = await ctx.prisma.webhook.updateMany({
    where: { id: row.id },
    data: { valid: problem === undefined },
  });
  if (updated.count === 0)
    throw new NotFoundError(`webhook ${webhookId} does not exist`, "webhook_id");
  if (problem !== undefined) throw crcFailed(problem);
  ctx.webhooks.wake();
  return webhookOf({ ...row, valid: true });
}

export interface ReplayWindow {
  readonly webhookId: string;
  readonly fromDate: string;
  readonly toDate: string;
}

/**
 * spec §9 POST /2/webhooks/replay: queues the app's stored events with created_at in
 * [from_date, to_date) for the webhook, in id order, marked with the job's id: every event of
 * the window, so the events of its dead deliveries are delivered again (issue 34; the dead rows
 * stay in the log as they were, the replay's are new rows). The catalog checked the window;
 * here: the webhook is the app's and valid, no earlier replay of it is still pending (409), and
 * the window holds at most REPLAY_MAX_EVENTS events (400).
 */
export async function replayWebhook(
  ctx: AppContext,
  appId: string,
  window: ReplayWindow,
): Promise<{ job_id: string; created_at: string }> {
  const hook = await ownWebhook(ctx, appId, window.webhookId);
  if (!hook.valid) {
    // a state of the webhook, not a fault of the parameter: its own code
    throw BadRequestError.of(
      "WEBHOOK_INVALID",
      `webhook ${window.webhookId} failed its last CRC check; re-validate it (PUT /2/webhooks/${window.webhookId}) first`,
      "webhook_id",
    );
  }
  const from = parseReplayDate(window.fromDate);
  const to = parseReplayDate(window.toDate);
  if (from === undefined || to === undefined) throw new Error("the catalog checked the dates");
  const createdAt = ctx.clock();
  // The queue's own time (as live deliveries'), not the service clock a test may move.
  const queuedAt = new Date();
  const job = await ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "webhook" WHERE id = ${hook.id} FOR UPDATE`;
    const running = await tx.webhookDelivery.findFirst({
      where: { webhookId: hook.id, state: "pending", replayJobId: { not: null } },
      select: { replayJobId: true },
    });
    if (running !== null) {
      throw new ConflictError(
        "REPLAY_RUNNING",
        `replay job ${String(running.replayJobId)} of webhook ${window.webhookId} is still delivering; wait for it to finish`,
        "webhook_id",
      );
    }
    const count = await tx.activityEvent.count({
      where: { appId, createdAt: { gte: from, lt: to } },
    });
    if (count > REPLAY_MAX_EVENTS) {
      throw BadRequestError.of(
        "OUT_OF_RANGE",
        `the window holds ${count} events; a replay takes at most ${REPLAY_MAX_EVENTS}: narrow from_date..to_date`,
        "to_date",
      );
    }
    const created = await tx.webhookReplayJob.create({
      data: { appId, webhookId: hook.id, fromDate: from, toDate: to, createdAt },
    });
    await tx.$executeRaw`
      INSERT INTO "webhook_delivery" (webhook_id, event_id, replay_job_id, attempts, next_attempt_at, created_at)
      SELECT ${hook.id}, id, ${created.id}, 0, ${queuedAt}, ${queuedAt}
      FROM "activity_event"
      WHERE app_id = ${appId} AND created_at >= ${from} AND created_at < ${to}
      ORDER BY id`;
    return created;
  });
  ctx.webhooks.wake();
  return { job_id: job.id.toString(), created_at: ts(job.createdAt) };
}
