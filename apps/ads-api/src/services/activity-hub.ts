import { EventEmitter } from "node:events";

/** An open activity stream: closing it ends the response. */
export interface StreamConnection {
  close(reason: string): void;
}

/**
 * In-process coordination of activity streams (issue 18): writers wake the readers of an app
 * after their commit (the store stays the source of truth: a woken reader queries it from its
 * last sent id), and each app has at most one stream — a second connection replaces the
 * first, which is closed (a client reconnecting after a half-dead connection is not refused).
 */
export class ActivityHub {
  readonly #wakes = new EventEmitter();
  readonly #streams = new Map<string, StreamConnection>();

  constructor() {
    // one listener per open stream, and streams are one per app: no leak warning for many apps
    this.#wakes.setMaxListeners(0);
  }

  /** Events were stored for the app. */
  notify(appId: string): void {
    this.#wakes.emit(appId);
  }

  /** Calls `wake` whenever events are stored for the app; returns the unsubscribe. */
  onEvents(appId: string, wake: () => void): () => void {
    this.#wakes.on(appId, wake);
    return () => this.#wakes.off(appId, wake);
  }

  /** Makes `connection` the app's one stream, closing the one it replaces. */
  claim(appId: string, connection: StreamConnection): void {
    const previous = this.#streams.get(appId);
    this.#streams.set(appId, connection);
    previous?.close("replaced by a newer connection of the same app");
  }

  /** Forgets the connection if it is still the app's stream. */
  release(appId: string, connection: StreamConnection): void {
    if (this.#streams.get(appId) === connection) this.#streams.delete(appId);
  }

  /** Closes every stream (server shutdown). */
  closeAll(): void {
    for (const connection of [...this.#streams.values()]) connection.close("server closing");
    this.#streams.clear();
  }
}
