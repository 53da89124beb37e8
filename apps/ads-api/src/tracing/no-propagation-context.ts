import { ROOT_CONTEXT } from "@opentelemetry/api";
import type { Context, ContextManager } from "@opentelemetry/api";

/**
 * A context manager that carries nothing across an `await` (the API's own default, registered
 * on purpose). ads-api calls nothing a span of its would parent, and @fastify/otel keeps each
 * request's span on the request itself, so no span needs the active context: the
 * AsyncLocalStorage the SDK registers by default would only tax every promise (Prisma's and
 * PGlite's are many) for nothing.
 */
export class NoPropagationContextManager implements ContextManager {
  active(): Context {
    return ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    _context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return fn.call(thisArg, ...args);
  }

  bind<T>(_context: Context, target: T): T {
    return target;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    return this;
  }
}
