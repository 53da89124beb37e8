/** Ctrl-C during an upload: the first asks it to stop at a batch boundary, the second at once. */
export interface Interrupt {
  /** Fires at the first Ctrl-C: stop after the batch in flight is acknowledged. */
  readonly stop: AbortSignal;
  /** Fires at the second: abort the request in flight (a resume sends that batch again). */
  readonly abort: AbortSignal;
  /** Removes the handler: Ctrl-C is the default again. */
  release(): void;
}

/** Takes over SIGINT until `release()`; `notify` tells the user what the key press did. */
export function handleInterrupt(notify: (message: string) => void): Interrupt {
  const stop = new AbortController();
  const abort = new AbortController();
  const onSigint = () => {
    if (!stop.signal.aborted) {
      stop.abort();
      notify("stopping after the batch in flight (Ctrl-C again to stop at once)");
    } else if (!abort.signal.aborted) {
      abort.abort();
      notify("stopping now");
    }
  };
  process.on("SIGINT", onSigint);
  return {
    stop: stop.signal,
    abort: abort.signal,
    release: () => {
      process.off("SIGINT", onSigint);
    },
  };
}
