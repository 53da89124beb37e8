import type { PrismaClient } from "../db/database.js";
import type { Limits } from "../config.js";
import type { OpenedSecrets } from "../credentials/opened-secrets.js";
import { eventOf } from "./activity-event.js";
import { backoffMs, shouldRetry } from "./webhook-backoff.js";
import type { RetryPolicy } from "./webhook-backoff.js";
import { sendToReceiver } from "./webhook-http.js";
import { claim, dueHeads, finish, release, retryAt } from "./webhook-queue.js";
import type { DueDelivery } from "./webhook-queue.js";
import { REPLAY_HEADER, SIGNATURE_HEADER, signBody } from "./webhook-signature.js";

/** Past the request timeout, the time a claimed delivery stays hidden from other workers. */
const LEASE_MARGIN_MS = 5_000;

export interface WebhookWorkerOptions {
  readonly prisma: PrismaClient;
  readonly secrets: OpenedSecrets;
  readonly limits: Limits;
  /** Where a given-up delivery is reported (webhook and event ids only, never the URL or secret). */
  readonly warn?: (message: string) => void;
}

/**
 * Delivers queued events to webhooks (issue 18), inside the ads-api process: started and closed
 * with the server. At most `webhookConcurrency` deliveries are in flight, and at most one per
 * webhook (the head of its queue), so each webhook gets its events in id order and a slow or
 * failing one holds only its own queue. A failed attempt (non-2xx, timeout, connection error)
 * is retried after exponential backoff with jitter, up to `webhookMaxAttempts`. The queue is in
 * the database: woken by writes in this process, it also reads it every `webhookPollMs` (the
 * CLI's writes) and at the soonest retry it scheduled.
 */
export class WebhookWorker {
  readonly #options: WebhookWorkerOptions;
  readonly #policy: RetryPolicy;
  readonly #inFlight = new Map<bigint, Promise<void>>();
  readonly #stop = new AbortController();
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #dirty = true;
  #soonest = Number.POSITIVE_INFINITY;

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

  async #startDue(): Promise<void> {
    const free = this.#options.limits.webhookConcurrency - this.#inFlight.size;
    if (free <= 0) return;
    // Heads of webhooks this worker is already delivering to are read and skipped.
    const heads = await dueHeads(this.#options.prisma, new Date(), free + this.#inFlight.size);
    const lease = this.#options.limits.webhookTimeoutMs + LEASE_MARGIN_MS;
    let started = 0;
    for (const due of heads) {
      if (started >= free || this.#stopped) break;
      if (this.#inFlight.has(due.webhookId)) continue;
      if (!(await claim(this.#options.prisma, due, new Date(Date.now() + lease)))) continue;
      started += 1;
      const attempt = this.#attempt(due)
        .catch((error: unknown) => {
          this.#warn(
            `a webhook delivery failed to settle (${error instanceof Error ? error.name : "error"})`,
          );
        })
        .finally(() => {
          this.#inFlight.delete(due.webhookId);
          this.wake();
        });
      this.#inFlight.set(due.webhookId, attempt);
    }
  }

  /** One attempt of a claimed delivery, and what the queue does next. */
  async #attempt(due: DueDelivery): Promise<void> {
    const { prisma, secrets, limits } = this.#options;
    const [hook, event] = await Promise.all([
      prisma.webhook.findUnique({
        where: { id: due.webhookId },
        select: { url: true, valid: true, app: { select: { consumerSecretEnc: true } } },
      }),
      prisma.activityEvent.findUnique({ where: { id: due.eventId } }),
    ]);
    if (hook === null || event === null) return finish(prisma, due.id);
    if (!hook.valid) return release(prisma, due.id); // re-validated later, it resumes
    const body = JSON.stringify({
      data: eventOf(event),
      ...(due.replayJobId === null ? {} : { replay_job_id: due.replayJobId.toString() }),
    });
    const secret = secrets.open(hook.app.consumerSecretEnc);
    let delivered = false;
    try {
      const answer = await sendToReceiver(
        hook.url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            [SIGNATURE_HEADER]: signBody(body, secret),
            ...(due.replayJobId === null ? {} : { [REPLAY_HEADER]: due.replayJobId.toString() }),
          },
          body,
        },
        limits.webhookTimeoutMs,
        this.#stop.signal,
      );
      delivered = answer.status >= 200 && answer.status < 300;
    } catch {
      if (this.#stopped) return release(prisma, due.id);
    }
    if (delivered) return finish(prisma, due.id);
    const attempts = due.attempts + 1;
    if (!shouldRetry(attempts, this.#policy)) {
      this.#warn(
        `gave up delivering event ${due.eventId.toString()} to webhook ${due.webhookId.toString()} after ${attempts} attempts`,
      );
      return finish(prisma, due.id);
    }
    const at = Date.now() + backoffMs(attempts, this.#policy);
    this.#soonest = Math.min(this.#soonest, at);
    return retryAt(prisma, due.id, new Date(at));
  }

  #warn(message: string): void {
    if (this.#options.warn !== undefined) this.#options.warn(message);
    else process.emitWarning(`ads-api: ${message}`);
  }
}
