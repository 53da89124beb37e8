import type { CallOptions } from "./config.js";

/** What `next` may change for the layers below. */
export interface NextChange {
  readonly options?: CallOptions;
}

/**
 * Runs `layers` outermost first around `last`. Each layer gets a `next` that may be called
 * more than once; a change of options given to `next` is what the layers below see.
 */
export function compose<C extends { readonly options: CallOptions }, R>(
  layers: readonly ((ctx: C, next: (change?: NextChange) => R) => R)[],
  last: (ctx: C) => R,
): (ctx: C) => R {
  const at =
    (index: number) =>
    (ctx: C): R => {
      const layer = layers[index];
      if (layer === undefined) return last(ctx);
      return layer(ctx, (change) =>
        at(index + 1)(change?.options === undefined ? ctx : { ...ctx, options: change.options }),
      );
    };
  return at(0);
}

/** Errors a call ended with after its middleware ran: typed by the client, or a layer's own. */
const settled = new WeakSet<object>();

/** Marks what a call threw so the client hands it on as is (a layer's own error stays its own). */
export function passThrough(error: unknown): unknown {
  if (typeof error === "object" && error !== null) settled.add(error);
  return error;
}

/** True for an error `passThrough` marked. */
export function passedThrough(error: unknown): boolean {
  return typeof error === "object" && error !== null && settled.has(error);
}
