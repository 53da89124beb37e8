/**
 * Queries waiting for a window's reset (the wait opt-in, issue 35), admitted one at a time per
 * window in arrival order: each waits its turn, then for the reset, then holds its budget, so
 * a caller that came later never takes the budget a waiting one was promised. Per process:
 * across replicas the Redis hold still decides, each replica's queue keeps its own order.
 */
export interface WindowQueue {
  /** Runs `turn` once every earlier turn of `key` has ended. */
  run<T>(key: string, turn: () => Promise<T>): Promise<T>;
}

export function createWindowQueue(): WindowQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, turn) {
      const before = tails.get(key) ?? Promise.resolve();
      const mine = before.then(turn, turn);
      const tail = mine.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return mine;
    },
  };
}
