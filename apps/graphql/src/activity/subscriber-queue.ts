/**
 * One subscriber's events between the upstream reader and its socket, at most `capacity`
 * waiting. The reader never waits for a subscriber: when a slow one is full, `push` answers
 * false and the caller ends it (`fail`), so one client cannot make the facade buffer without
 * limit or hold back the others.
 */
export interface SubscriberQueue<T> extends AsyncIterableIterator<T> {
  /** Adds an item; false when `capacity` items already wait (nothing is added). */
  push(item: T): boolean;
  /** Ends the iteration after the waiting items with `error` (thrown by the next `next`). */
  fail(error: Error): void;
  /** Ends the iteration at once (waiting items dropped). */
  end(): void;
  readonly ended: boolean;
}

/** `onEnd` runs once, however the iteration ends (consumer's `return`, `fail`, `end`). */
export function createSubscriberQueue<T>(capacity: number, onEnd: () => void): SubscriberQueue<T> {
  const items: T[] = [];
  let head = 0;
  let failure: Error | undefined;
  let ended = false;
  let waiting: ((result: IteratorResult<T>) => void) | undefined;
  let waitingReject: ((error: Error) => void) | undefined;

  const finish = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const settleWaiter = () => {
    const resolve = waiting;
    const reject = waitingReject;
    if (resolve === undefined || reject === undefined) return;
    waiting = undefined;
    waitingReject = undefined;
    if (head < items.length) {
      resolve({ value: take(), done: false });
    } else if (failure !== undefined) {
      const error = failure;
      failure = undefined;
      reject(error);
    } else if (ended) {
      resolve({ value: undefined, done: true });
    }
  };
  const take = (): T => {
    const item = items[head] as T;
    items[head] = undefined as T;
    head += 1;
    // Compact now and then so a long-lived queue's array does not grow.
    if (head > 64 && head * 2 > items.length) {
      items.splice(0, head);
      head = 0;
    }
    return item;
  };

  const queue: SubscriberQueue<T> = {
    push(item) {
      if (ended || failure !== undefined) return true;
      if (items.length - head >= capacity) return false;
      items.push(item);
      settleWaiter();
      return true;
    },
    fail(error) {
      if (ended || failure !== undefined) return;
      failure = error;
      finish();
      settleWaiter();
    },
    end() {
      items.length = 0;
      head = 0;
      finish();
      settleWaiter();
    },
    get ended() {
      return ended;
    },
    next() {
      if (head < items.length) return Promise.resolve({ value: take(), done: false });
      if (failure !== undefined) {
        const error = failure;
        failure = undefined;
        return Promise.reject(error);
      }
      if (ended) return Promise.resolve({ value: undefined, done: true });
      return new Promise<IteratorResult<T>>((resolve, reject) => {
        waiting = resolve;
        waitingReject = reject;
      });
    },
    return() {
      queue.end();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return queue;
    },
  };
  return queue;
}
