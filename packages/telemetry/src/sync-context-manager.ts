import { ROOT_CONTEXT } from "@opentelemetry/api";
import type { Context, ContextManager } from "@opentelemetry/api";

/**
 * A context manager that carries the active context through synchronous code only: `with`
 * makes a context active until its function returns, and nothing is carried across an
 * `await`. The apps hand parents on explicitly instead (the request's span lives on the
 * request, the operation's in the GraphQL context, a loader batch's reaches undici through
 * rest-client's send scope), so no AsyncLocalStorage is needed: on Node 20 it makes every
 * promise of the process pay (promise hooks), which measured about half of the facade's
 * tracing cost (docs/operations.md "Tracing").
 */
export class SyncContextManager implements ContextManager {
  #active: Context = ROOT_CONTEXT;

  active(): Context {
    return this.#active;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const before = this.#active;
    this.#active = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.#active = before;
    }
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== "function") return target;
    const run = target as (...args: unknown[]) => unknown;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the bound function's own `this` is passed on
    const manager = this;
    return function bound(this: unknown, ...args: unknown[]) {
      return manager.with(context, () => run.apply(this, args));
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.#active = ROOT_CONTEXT;
    return this;
  }
}
