import type { Dispatcher } from "undici";
import type { PrismaClient } from "../db/database.js";
import type { Limits } from "../config.js";
import type { OpenedSecrets } from "../credentials/opened-secrets.js";
import { backoffMs, shouldRetry } from "./webhook-backoff.js";
import type { RetryPolicy } from "./webhook-backoff.js";
import { sendToReceiver } from "./webhook-http.js";
import {
  claimDue,
  dueWebhooks,
  markDead,
  markDelivered,
  release,
  scheduleRetry,
} from "./webhook-queue.js";
import type { AttemptResult, ClaimedDelivery } from "./webhook-queue.js";
import { answerResult, deliveryRequest, failureResult } from "./webhook-request.js";
import { PRUNE_BATCH, pruneFinished } from "./webhook-retention.js";

/** Past the request timeout, the time a claimed delivery stays hidden from other workers. */
const LEASE_MARGIN_MS = 5_000;
/** How often the delivery log is pruned, and how many batches one prune deletes at most. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCHES = 10;

export interface WebhookWorkerOptions {
  readonly prisma: PrismaClient;
  readonly secrets: OpenedSecrets;
  readonly limits: Limits;
  /** The server's outbound dispatcher: no address inside a network is reached (issue 34). */
  readonly dispatcher: Dispatcher;
  /** Where a dead delivery is reported (webhook and event ids only, never the URL or secret). */
  readonly warn?: (message: string) => void;
}

/**
 * Delivers queued events to webhooks (issues 18 and 34), inside the ads-api process: started and
 * closed with the server. Each delivery is retried on its own (exponential backoff with jitter,
 * `webhookMaxAttempts` attempts, then dead), so a failing event never holds later ones. At most
 * `webhookConcurrency` attempts are in flight in this process and `webhookConcurrencyPerWebhook`
 * to one webhook across all processes; free slots are shared out evenly among the webhooks with
 * due deliveries, the longest-waiting first, so a busy webhook cannot starve the others. The
 * queue is in the database: woken by writes in this process, the worker also reads it every
 * `webhookPollMs` (other processes' writes) and at the soonest retry it scheduled, and prunes
 * finished deliveries older than `webhookLogRetentionMs`.
 */
export class WebhookWorker {
  readonly #options: WebhookWorkerOptions;
  readonly #policy: RetryPolicy;
  /** Attempts in flight, by delivery id. */
  readonly #inFlight = new Map<bigint, Promise<void>>();
  readonly #stop = new AbortController();
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #dirty = true;
  #soonest = Number.POSITIVE_INFINITY;
  #nextPruneAt = 0;

  constructor(options: WebhookWorkerOptions) {
    this.#options = options;
    this.#policy = {
      baseMs: options.limits.webhookRetryBaseMs,
      maxMs: options.limits.webhookRetryMaxMs,
      maxAttempts: options.limits.webhookMaxAttempts,
    };
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Deliveries were queued (or a webhook became valid): read the queue now. */
  wake(): void {
    this.#dirty = true;
    const resolve = this.#wake;
    this.#wake = undefined;
    resolve?.();
  }

  /** Stops reading the queue, cuts attempts in flight short (released, not counted), waits for them. */
  async close(): Promise<void> {
    this.#stop.abort();
    this.wake();
    await this.#loop;
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  get #stopped(): boolean {
    return this.#stop.signal.aborted;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      if (this.#dirty) {
        this.#dirty = false;
        try {
          await this.#startDue();
          await this.#pruneWhenDue();
        } catch (error) {
          // A store failure (the database restarting): the next poll tries again.
          this.#warn(
            `reading the webhook queue failed (${error instanceof Error ? error.name : "error"})`,
          );
        }
        continue;
      }
      await this.#sleep();
    }
  }

  /** Waits for a wake-up, the poll interval, or the soonest retry this worker scheduled. */
  async #sleep(): Promise<void> {
    const wait = Math.max(
      0,
      Math.min(this.#options.limits.webhookPollMs, this.#soonest - Date.now()),
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = undefined;
        resolve();
      }, wait);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#dirty = true;
    if (this.#soonest <= Date.now()) this.#soonest = Number.POSITIVE_INFINITY;
  }

  /** Claims due deliveries into the free slots, an even share per webhook, and starts them. */
  async #startDue(): Promise<void> {
    const { prisma, limits } = this.#options;
    let free = limits.webhookConcurrency - this.#inFlight.size;
    if (free <= 0) return;
    const hooks = await dueWebhooks(prisma, new Date(), free);
    if (hooks.length === 0) return;
    const share = Math.ceil(free / hooks.length);
    let more = false;
    for (const webhookId of hooks) {
      if (free <= 0 || this.#stopped) break;
      const want = Math.min(share, free);
      const now = new Date();
      const claimed = await claimDue(prisma, webhookId, {
        now,
        leaseUntil: new Date(now.getTime() + limits.webhookTimeoutMs + LEASE_MARGIN_MS),
        perWebhook: limits.webhookConcurrencyPerWebhook,
        want,
      });
      // A full share may leave more due: read again once this round is started.
      if (claimed.length === want) more = true;
      for (const delivery of claimed) {
        free -= 1;
        this.#begin(delivery);
      }
    }
    if (more && free > 0) this.#dirty = true;
  }

  #begin(delivery: ClaimedDelivery): void {
    const attempt = this.#attempt(delivery)
      .catch((error: unknown) => {
        // Its lease runs out and it is tried again.
        this.#warn(
          `a webhook delivery failed to settle (${error instanceof Error ? error.name : "error"})`,
        );
      })
      .finally(() => {
        this.#inFlight.delete(delivery.id);
        this.wake();
      });
    this.#inFlight.set(delivery.id, attempt);
  }

  /** One attempt of a claimed delivery, and what the queue does next. */
  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    const { prisma, secrets, limits } = this.#options;
    const [hook, event] = await Promise.all([
      prisma.webhook.findUnique({
        where: { id: delivery.webhookId },
        select: { url: true, valid: true, app: { select: { consumerSecretEnc: true } } },
      }),
      prisma.activityEvent.findUnique({ where: { id: delivery.eventId } }),
    ]);
    if (hook === null) return; // deleted: its deliveries went with it
    if (!hook.valid) return release(prisma, delivery); // re-validated later, it resumes
    if (event === null) {
      const gone = { status: null, error: "the event is no longer stored" };
      return markDead(prisma, delivery, gone, new Date());
    }
    const request = deliveryRequest(
      event,
      delivery.replayJobId,
      secrets.open(hook.app.consumerSecretEnc),
    );
    let result: AttemptResult;
    try {
      const answer = await sendToReceiver(
        hook.url,
        {
          method: "POST",
          headers: request.headers,
          body: request.body,
          dispatcher: this.#options.dispatcher,
        },
        limits.webhookTimeoutMs,
        this.#stop.signal,
      );
      result = answerResult(answer);
    } catch (error) {
      if (this.#stopped) return release(prisma, delivery);
      result = failureResult(error, limits.webhookTimeoutMs);
    }
    if (result.error === null) return markDelivered(prisma, delivery, result, new Date());
    if (!shouldRetry(delivery.attempts, this.#policy)) {
      this.#warn(
        `webhook delivery ${delivery.id.toString()} (event ${delivery.eventId.toString()}, webhook ${delivery.webhookId.toString()}) is dead after ${delivery.attempts} attempts`,
      );
      return markDead(prisma, delivery, result, new Date());
    }
    const at = Date.now() + backoffMs(delivery.attempts, this.#policy);
    this.#soonest = Math.min(this.#soonest, at);
    return scheduleRetry(prisma, delivery, result, new Date(at));
  }

  /** Every PRUNE_EVERY_MS, and at once again while a prune found more than it may delete. */
  async #pruneWhenDue(): Promise<void> {
    const now = Date.now();
    if (now < this.#nextPruneAt || this.#stopped) return;
    const before = new Date(now - this.#options.limits.webhookLogRetentionMs);
    const removed = await pruneFinished(this.#options.prisma, before, PRUNE_BATCHES);
    const full = removed >= PRUNE_BATCHES * PRUNE_BATCH;
    this.#nextPruneAt = full ? now : now + PRUNE_EVERY_MS;
    if (full) this.#dirty = true;
  }

  #warn(message: string): void {
    if (this.#options.warn !== undefined) this.#options.warn(message);
    else process.emitWarning(`ads-api: ${message}`);
  }
}
