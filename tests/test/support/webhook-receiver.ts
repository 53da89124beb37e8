import { once } from "node:events";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookDeliverySchema } from "@adsgraph/models";
import type { WebhookDelivery } from "@adsgraph/models";
import {
  WEBHOOK_SIGNATURE_HEADER,
  crcResponse,
  verifyWebhookSignature,
} from "@adsgraph/rest-client";

/** One POST the receiver took (answered 2xx), as it arrived. */
export interface ReceivedDelivery {
  readonly raw: string;
  readonly signature: string | undefined;
  readonly replayHeader: string | undefined;
  readonly delivery: WebhookDelivery;
}

/**
 * A webhook receiver as an app would write one (node:http on 127.0.0.1:0): answers the CRC
 * check with rest-client's `crcResponse`, verifies every delivery attempt with
 * `verifyWebhookSignature` and refuses (401) one that does not verify. Tests switch its
 * behaviour: a wrong CRC answer, failing (503) the next `failNext` deliveries, failing (500)
 * every attempt of the events `failWhen` picks, or holding answers until released.
 */
export class WebhookReceiver {
  readonly #server: Server;
  readonly #secret: string;
  /** Answer the CRC check with a wrong token / with this status instead of 200. */
  wrongCrc = false;
  crcStatus = 200;
  /** Deliveries still to answer 503 (Infinity: all of them). */
  failNext = 0;
  /** Events whose every attempt is answered 500 (the receiver's own bug for that event). */
  failWhen: ((delivery: WebhookDelivery) => boolean) | undefined;
  /** Hold each delivery's answer until `releaseOne()` lets the oldest held one answer. */
  hold = false;
  /** Arrival times (ms) of every delivery attempt, failed ones included. */
  readonly attempts: number[] = [];
  /** Arrival times (ms) of every attempt, by event id. */
  readonly attemptsByEvent = new Map<string, number[]>();
  readonly delivered: ReceivedDelivery[] = [];
  /** Deliveries whose signature did not verify (answered 401). */
  readonly refused: string[] = [];
  /** Attempts being answered now (held, or in progress), and the most there ever were. */
  open = 0;
  maxOpen = 0;
  readonly #held: (() => void)[] = [];
  readonly #waiters = new Set<() => void>();

  private constructor(secret: string) {
    this.#secret = secret;
    this.#server = createServer((request, response) => {
      void this.#handle(request, response);
    });
  }

  static async start(consumerSecret: string): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(consumerSecret);
    receiver.#server.listen(0, "127.0.0.1");
    await once(receiver.#server, "listening");
    return receiver;
  }

  get url(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/webhooks/adsgraph?app=test`;
  }

  /** Resolves once `ready()` holds, checked after every request the receiver takes. */
  async until(ready: () => boolean): Promise<void> {
    while (!ready()) {
      await new Promise<void>((resolve) => this.#waiters.add(resolve));
    }
  }

  /** Ends the kept-alive connections now idle: the next attempt connects afresh. */
  dropIdleConnections(): void {
    this.#server.closeIdleConnections();
  }

  async close(): Promise<void> {
    this.hold = false;
    for (const release of this.#held.splice(0)) release();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://receiver");
    try {
      if (request.method === "GET") {
        const token = url.searchParams.get("crc_token") ?? "";
        const answer = this.wrongCrc
          ? crcResponse(token, `${this.#secret}x`)
          : crcResponse(token, this.#secret);
        response.writeHead(this.crcStatus, { "content-type": "application/json" });
        response.end(JSON.stringify(answer));
        return;
      }
      this.attempts.push(Date.now());
      const signature = request.headers[WEBHOOK_SIGNATURE_HEADER];
      if (!verifyWebhookSignature(raw, signature, this.#secret)) {
        this.refused.push(raw);
        response.writeHead(401).end();
        return;
      }
      const delivery = webhookDeliverySchema.parse(JSON.parse(raw));
      const arrivals = this.attemptsByEvent.get(delivery.data.id) ?? [];
      arrivals.push(Date.now());
      this.attemptsByEvent.set(delivery.data.id, arrivals);
      this.open += 1;
      this.maxOpen = Math.max(this.maxOpen, this.open);
      try {
        if (this.hold) {
          this.#wakeWaiters();
          await new Promise<void>((resolve) => this.#held.push(resolve));
        }
        if (this.failNext > 0) {
          this.failNext -= 1;
          response.writeHead(503).end();
          return;
        }
        if (this.failWhen?.(delivery) === true) {
          response.writeHead(500).end();
          return;
        }
        const replay = request.headers["x-adsgraph-replay-job-id"];
        this.delivered.push({
          raw,
          signature: typeof signature === "string" ? signature : undefined,
          replayHeader: typeof replay === "string" ? replay : undefined,
          delivery,
        });
        response.writeHead(200).end();
      } finally {
        this.open -= 1;
      }
    } finally {
      this.#wakeWaiters();
    }
  }

  /** Lets the oldest held delivery answer. */
  releaseOne(): void {
    this.#held.shift()?.();
  }

  #wakeWaiters(): void {
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }
}
