import { EventEmitter } from "node:events";
import { redisScript, type SharedRedis } from "@adsgraph/storage";

/** An open activity stream: closing it ends the response. */
export interface StreamConnection {
  close(reason: string): void;
}

/** Shared mode: the Redis replicas share, and which replica this is. */
export interface ActivityHubShared {
  readonly redis: SharedRedis;
  readonly replicaId: string;
}

interface Claimed {
  readonly connection: StreamConnection;
  /** Its place among all replicas' claims of the app; undefined until Redis answered. */
  order: bigint | undefined;
}

const WAKE_CHANNEL = "activity:wake";
const CLAIM_CHANNEL = "activity:claim";
/** How long a claim counter outlives the last claim (its order comes from Redis' clock anyway). */
const CLAIM_TTL_MS = 24 * 3_600_000;

/**
 * The order of a claim among all claims of the app: Redis' clock in microseconds, and always
 * past the last one given (two claims in one microsecond still differ). KEYS[1] the app's
 * counter; ARGV[1] its time to live in ms. Returns the order as a digit string.
 */
const CLAIM = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local order = string.format('%.0f', math.max(now, last + 1))
redis.call('SET', KEYS[1], order, 'PX', ARGV[1])
return order
`;
const claimScript = redisScript<string>(CLAIM);

const REPLACED = "replaced by a newer connection of the same app";

function parseMessage(text: string): { r: string; a: string; s?: string } | undefined {
  try {
    const message = JSON.parse(text) as { r?: unknown; a?: unknown; s?: unknown };
    if (typeof message.r !== "string" || typeof message.a !== "string") return undefined;
    if (message.s !== undefined && (typeof message.s !== "string" || !/^\d+$/.test(message.s))) {
      return undefined;
    }
    return { r: message.r, a: message.a, ...(message.s !== undefined && { s: message.s }) };
  } catch {
    return undefined;
  }
}

/**
 * Coordination of activity streams (issue 18): writers wake the readers of an app after their
 * commit (the store stays the source of truth: a woken reader queries it from its last sent
 * id), and each app has at most one stream — a second connection replaces the first, which is
 * closed (a client reconnecting after a half-dead connection is not refused).
 *
 * Shared mode (issue 19): wake-ups are published on Redis too, so a write on one replica wakes
 * the app's stream held on another; and every claim gets an order from Redis and is published,
 * so the app's older stream is closed on whichever replica holds it (the newest claim wins,
 * whatever order the messages arrive in). Without Redis all of it stays in this process. A
 * lost wake-up costs at most one keep-alive interval (every stream reads the store each tick).
 */
export class ActivityHub {
  readonly #wakes = new EventEmitter();
  readonly #streams = new Map<string, Claimed>();
  readonly #shared: ActivityHubShared | undefined;
  /** The newest claim order seen from other replicas, per app whose stream is here. */
  readonly #newestElsewhere = new Map<string, bigint>();
  readonly #unsubscribe: (() => Promise<void>)[] = [];

  constructor(shared?: ActivityHubShared) {
    // one listener per open stream, and streams are one per app: no leak warning for many apps
    this.#wakes.setMaxListeners(0);
    this.#shared = shared;
  }

  /** Activity streams open on this replica (one per app at most). */
  get openStreams(): number {
    return this.#streams.size;
  }

  /** Listens to the other replicas (shared mode); the server calls it before serving. */
  async start(): Promise<void> {
    const shared = this.#shared;
    if (shared === undefined) return;
    this.#unsubscribe.push(
      await shared.redis.subscribe(WAKE_CHANNEL, (text) => {
        const message = parseMessage(text);
        if (message !== undefined && message.r !== shared.replicaId) this.#wakes.emit(message.a);
      }),
      await shared.redis.subscribe(CLAIM_CHANNEL, (text) => {
        const message = parseMessage(text);
        if (message?.s === undefined || message.r === shared.replicaId) return;
        this.#claimedElsewhere(message.a, BigInt(message.s));
      }),
    );
  }

  /** Events were stored for the app. */
  notify(appId: string): void {
    this.#wakes.emit(appId);
    const shared = this.#shared;
    if (shared === undefined) return;
    shared.redis
      .publish(WAKE_CHANNEL, JSON.stringify({ r: shared.replicaId, a: appId }))
      .catch(() => undefined); // the other replicas' streams read the store at their next tick
  }

  /** Calls `wake` whenever events are stored for the app; returns the unsubscribe. */
  onEvents(appId: string, wake: () => void): () => void {
    this.#wakes.on(appId, wake);
    return () => this.#wakes.off(appId, wake);
  }

  /**
   * Makes `connection` the app's one stream, closing the one it replaces here at once and, in
   * shared mode, the one on another replica once the claim is published. A claim that cannot
   * be ordered or published (Redis unreachable) closes the new stream: one stream per app is
   * kept rather than two left open; the client reconnects with `since_id`.
   */
  claim(appId: string, connection: StreamConnection): void {
    const previous = this.#streams.get(appId);
    const claimed: Claimed = { connection, order: undefined };
    this.#streams.set(appId, claimed);
    previous?.connection.close(REPLACED);
    if (this.#shared !== undefined) void this.#claimShared(this.#shared, appId, claimed);
  }

  /** Forgets the connection if it is still the app's stream. */
  release(appId: string, connection: StreamConnection): void {
    if (this.#streams.get(appId)?.connection === connection) {
      this.#streams.delete(appId);
      this.#newestElsewhere.delete(appId);
    }
  }

  /** Closes every stream (server shutdown). */
  closeAll(): void {
    for (const { connection } of [...this.#streams.values()]) connection.close("server closing");
    this.#streams.clear();
    this.#newestElsewhere.clear();
  }

  /** Closes every stream and stops listening to the other replicas. */
  async close(): Promise<void> {
    this.closeAll();
    const unsubscribes = this.#unsubscribe.splice(0);
    // While Redis is down an unsubscribe would wait for it: the connection's close ends them.
    if (this.#shared?.redis.up === true) {
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    }
  }

  async #claimShared(shared: ActivityHubShared, appId: string, claimed: Claimed): Promise<void> {
    try {
      const order = BigInt(
        await claimScript.run(shared.redis.client, [`activity:claim:${appId}`], [CLAIM_TTL_MS]),
      );
      claimed.order = order;
      if (this.#streams.get(appId) !== claimed) return; // replaced here meanwhile
      const newest = this.#newestElsewhere.get(appId);
      if (newest !== undefined && newest > order) {
        claimed.connection.close(`${REPLACED} on another replica`);
        return;
      }
      await shared.redis.publish(
        CLAIM_CHANNEL,
        JSON.stringify({ r: shared.replicaId, a: appId, s: order.toString() }),
      );
    } catch {
      if (this.#streams.get(appId) === claimed) {
        claimed.connection.close("the stream could not be claimed across replicas; reconnect");
      }
    }
  }

  #claimedElsewhere(appId: string, order: bigint): void {
    const claimed = this.#streams.get(appId);
    if (claimed === undefined) return;
    const newest = this.#newestElsewhere.get(appId);
    if (newest === undefined || order > newest) this.#newestElsewhere.set(appId, order);
    // Not yet ordered: compared once Redis answers (#claimShared reads #newestElsewhere).
    if (claimed.order !== undefined && claimed.order < order) {
      claimed.connection.close(`${REPLACED} on another replica`);
    }
  }
}
